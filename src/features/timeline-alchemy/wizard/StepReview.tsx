import { dateTimeFormat } from '~/i18n/intl.ts';
import type { Locale } from '~/i18n/locales.ts';
import type { BlogPost, Client } from '../data.ts';
import type { Platform } from '../platforms.ts';
import { formatWhen, localZone, platformName, type T, zonedToUtc } from '../shared/format.ts';
import { PlatformMockup } from '../shared/PlatformMockup.tsx';
import { SaveDetails } from './SaveDetails.tsx';
import type { WizardState } from './state.ts';

export type StepReviewProps = {
  state: WizardState;
  step: number;
  client: Client | undefined;
  post: BlogPost | undefined;
  lang: Locale;
  problems: string[];
  /** The client's stored IANA zone; null when unknown, undefined while it loads. */
  clientZone: string | null | undefined;
  /** The revision this save will create (1 for a new preview). */
  revision: number;
  t: T;
  onChange: (patch: Partial<WizardState>) => void;
};

const today = () => dateTimeFormat('en-CA').format(new Date());

/** Steps 4 and 5: overview with mockups and summary; then schedule, notes and save. */
export function StepReview(props: StepReviewProps) {
  const { state: s, step, client, post, lang, problems, clientZone, t, onChange } = props;
  const platforms = s.selectedTemplates as Platform[];
  const zone = localZone();
  const at = s.scheduledDate && s.scheduledTime ? zonedToUtc(s.scheduledDate, s.scheduledTime, zone) : null;
  const name = client?.name ?? '';
  return (
    <div className="space-y-5">
      {step === 5 ? <p className="text-lg font-semibold text-emerald-800">{t('taw.readySave')}</p> : null}
      <dl className="grid gap-2 rounded-xl bg-white p-4 text-sm ring-1 ring-ink/10 sm:grid-cols-2">
        <dt className="font-semibold">{t('ta.client')}</dt>
        <dd>{client ? `${client.name}${client.organization ? ` (${client.organization})` : ''}` : '—'}</dd>
        <dt className="font-semibold">{t('taw.contentType')}</dt>
        <dd>{post ? post.title : t('taw.customContent')}</dd>
        <dt className="font-semibold">{t('taw.platforms')}</dt>
        <dd>{platforms.join(', ')}</dd>
        <dt className="font-semibold">{t('taw.statusLabel')}</dt>
        <dd>{step === 4 ? t('taw.readyScheduling') : t('taw.pendingReview')}</dd>
        {step === 5 && at ? (
          <>
            <dt className="font-semibold">{t('ta.scheduled')}</dt>
            <dd data-testid="schedule-times">
              <span className="block">
                {formatWhen(at.toISOString(), lang, zone)} ({t('taw.adminTime', { zone })})
              </span>
              <span className="block">
                {clientZone
                  ? `${formatWhen(at.toISOString(), lang, clientZone)} (${t('taw.clientTimeIn', { zone: clientZone })})`
                  : clientZone === null
                    ? `${t('taw.clientZoneUnknown')} ${formatWhen(at.toISOString(), lang, 'UTC')} UTC`
                    : '…'}
              </span>
            </dd>
          </>
        ) : null}
      </dl>
      {step === 5 ? <SaveDetails {...props} at={at} zone={zone} platforms={platforms} /> : null}
      {step === 5 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="block">
            <span className="text-sm font-medium">{t('taw.title.label')}</span>
            <input
              className="field-input mt-1 w-full"
              value={s.title}
              placeholder={post?.title ?? ''}
              onChange={(e) => onChange({ title: e.target.value })}
            />
          </label>
          <div className="grid grid-cols-2 gap-2">
            <label className="block">
              <span className="text-sm font-medium">{t('taw.date')}</span>
              <input
                type="date"
                className="field-input mt-1 w-full"
                min={today()}
                value={s.scheduledDate}
                onChange={(e) => onChange({ scheduledDate: e.target.value })}
              />
            </label>
            <label className="block">
              <span className="text-sm font-medium">{t('taw.time')}</span>
              <input
                type="time"
                className="field-input mt-1 w-full"
                value={s.scheduledTime}
                onChange={(e) => onChange({ scheduledTime: e.target.value })}
              />
            </label>
            <p className="col-span-2 text-xs text-ink/75">{t('taw.timeZone', { zone: localZone() })}</p>
          </div>
          <label className="block sm:col-span-2">
            <span className="text-sm font-medium">{t('taw.notes')}</span>
            <textarea
              className="field-input mt-1 w-full"
              rows={3}
              value={s.adminNotes}
              placeholder={t('taw.notesPlaceholder')}
              onChange={(e) => onChange({ adminNotes: e.target.value })}
            />
          </label>
          <p className="text-sm text-ink/70 sm:col-span-2">{t('taw.sendForApproval')}</p>
        </div>
      ) : null}
      {problems.length ? (
        <ul className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <section>
        <h3 className="mb-2 font-semibold">{t('taw.mockups')}</h3>
        <div className="grid items-start gap-4 md:grid-cols-2">
          {platforms.map((p) => (
            <PlatformMockup
              key={p}
              platform={p}
              label={platformName(p, t)}
              text={s.texts[p] ?? ''}
              image={post ? (post.image_public_url ?? post.image_url) : null}
              name={name}
              seeMore={t('taw.seeMore')}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
