import { type FormEvent, useId, useState } from 'react';
import { showFailure, showToast } from '~/components/toast.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { type Profile, saveProfile } from './profile-data.ts';
import { SocialLinksList } from './SocialLinksList.tsx';
import { normalizeSocial, PLATFORM_NAMES, PLATFORMS, type Platform, type SocialLinks } from './social.ts';

const BIO_MAX = 2000;
type Props = { db: TypedSupabaseClient; profile: Profile; t: Tr; onSaved: (p: Profile) => void };

/** Display name, bio and six social links; a failed save keeps everything typed. */
export function ProfileForm({ db, profile, t, onSaved }: Props) {
  const id = useId();
  const [name, setName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const [links, setLinks] = useState<Record<Platform, string>>(
    () =>
      Object.fromEntries(PLATFORMS.map((p) => [p, profile.socialLinks[p] ?? ''])) as Record<Platform, string>,
  );
  const [invalid, setInvalid] = useState<Partial<Record<Platform, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState('');

  const normalized = (): { ok: boolean; links: SocialLinks; bad: Partial<Record<Platform, boolean>> } => {
    const out: SocialLinks = {};
    const bad: Partial<Record<Platform, boolean>> = {};
    for (const p of PLATFORMS) {
      const n = normalizeSocial(p, links[p]);
      if (!n.ok) bad[p] = true;
      else if (n.url) out[p] = n.url;
    }
    return { ok: Object.keys(bad).length === 0, links: out, bad };
  };
  const preview = normalized().links;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = normalized();
    setInvalid(result.bad);
    if (!result.ok) return setFormError(t('profiles.fixErrors'));
    setBusy(true);
    setFormError('');
    try {
      const next = { displayName: name.trim(), bio: bio.trim(), socialLinks: result.links };
      await saveProfile(db, profile.userId, next);
      // Show each link the way it is stored, so the person sees what others will open.
      setLinks(
        Object.fromEntries(PLATFORMS.map((p) => [p, result.links[p] ?? ''])) as Record<Platform, string>,
      );
      onSaved({ ...profile, ...next });
      showToast({ title: t('profiles.saved.title'), description: t('profiles.saved.text') });
    } catch (error) {
      setFormError(t('profiles.saveError.text'));
      void showFailure(t('profiles.saveError.title'), t, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10"
    >
      <h2 className="text-2xl">{t('profiles.details.heading')}</h2>
      <div>
        <label htmlFor={`${id}-name`} className="field-label">
          {t('profiles.displayName')}
        </label>
        <input
          id={`${id}-name`}
          className="field-input"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-bio`} className="field-label">
          {t('profiles.bio')}
        </label>
        <textarea
          id={`${id}-bio`}
          className="field-input min-h-28"
          value={bio}
          maxLength={BIO_MAX}
          aria-describedby={`${id}-bio-count`}
          onChange={(e) => setBio(e.target.value)}
        />
        <p id={`${id}-bio-count`} className="mt-1 text-sm text-ink/70">
          {t('profiles.bioCount', { count: bio.length, max: BIO_MAX })}
        </p>
      </div>
      <fieldset className="space-y-3">
        <legend className="font-serif text-xl text-night">{t('profiles.social.heading')}</legend>
        <p className="text-sm text-ink/70">{t('profiles.social.hint')}</p>
        {PLATFORMS.map((p) => (
          <div key={p}>
            <label htmlFor={`${id}-${p}`} className="field-label">
              {PLATFORM_NAMES[p]}
            </label>
            <input
              id={`${id}-${p}`}
              className="field-input"
              value={links[p]}
              maxLength={300}
              autoComplete="off"
              aria-invalid={invalid[p] ? true : undefined}
              aria-describedby={invalid[p] ? `${id}-${p}-error` : undefined}
              onChange={(e) => setLinks((old) => ({ ...old, [p]: e.target.value }))}
              onBlur={() => setInvalid((old) => ({ ...old, [p]: !normalizeSocial(p, links[p]).ok }))}
            />
            {invalid[p] ? (
              <p id={`${id}-${p}-error`} className="field-error">
                {t('profiles.social.invalid', { platform: PLATFORM_NAMES[p] })}
              </p>
            ) : null}
          </div>
        ))}
        <div>
          <p className="field-label">{t('profiles.social.preview')}</p>
          <SocialLinksList links={preview} name={name || profile.displayName} t={t} />
        </div>
      </fieldset>
      {formError ? (
        <p role="alert" className="field-error">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t('profiles.saving') : t('profiles.save')}
      </button>
    </form>
  );
}
