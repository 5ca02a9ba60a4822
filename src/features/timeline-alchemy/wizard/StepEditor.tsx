import type { BlogPost } from '../data.ts';
import { BLOG_POST_FIELD, checkText, FOLD, PLATFORMS, type Platform, type TextCheck } from '../platforms.ts';
import { platformName, type T } from '../shared/format.ts';
import type { WeightedLength } from '../x-counter.ts';

/** The text a platform starts from: the blog post's own text for it, else its body. */
export function sourceText(post: BlogPost | undefined, platform: Platform): string | null {
  if (!post) return null;
  const field = BLOG_POST_FIELD[platform];
  return (field ? post[field] : null) ?? null;
}
export const bodyOf = (post: BlogPost | undefined) => post?.body ?? post?.content ?? '';

/** The reason a text cannot be saved, in words, or '' when it can. */
export function reasonOf(platform: Platform, check: TextCheck, t: T): string {
  if (check.ok) return '';
  const name = platformName(platform, t);
  if (check.reason === 'empty') return t('taw.empty', { platform: name });
  if (check.reason === 'tooLong')
    return t('taw.tooLong', { platform: name, count: check.over, length: check.count, max: check.max });
  return t('taw.tooManyHashtags', { platform: name, max: check.max, count: check.hashtags });
}

type Props = {
  post: BlogPost | undefined;
  selected: Platform[];
  texts: Partial<Record<Platform, string>>;
  weighted: WeightedLength | undefined;
  onToggle: (p: Platform) => void;
  onText: (p: Platform, text: string) => void;
  t: T;
};

/** Step 3: platforms, and one editor per chosen platform with a counter that counts like it. */
export function StepEditor({ post, selected, texts, weighted, onToggle, onText, t }: Props) {
  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap gap-3">
        <legend className="mb-2 font-semibold">{t('taw.platforms')}</legend>
        {PLATFORMS.map((p) => (
          <label
            key={p}
            className="flex items-center gap-2 rounded-full bg-white px-3 py-1.5 ring-1 ring-ink/15"
          >
            <input type="checkbox" checked={selected.includes(p)} onChange={() => onToggle(p)} />
            {platformName(p, t)}
          </label>
        ))}
      </fieldset>
      {selected.map((p) => {
        const text = texts[p] ?? '';
        const check = checkText(p, text, weighted);
        const reason = reasonOf(p, check, t);
        const source = sourceText(post, p);
        const id = `editor-${p.replace(/\W+/g, '-')}`;
        const fold = FOLD[p];
        return (
          <section key={p} className="rounded-xl bg-white p-4 ring-1 ring-ink/10">
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={id} className="font-semibold">
                {platformName(p, t)}
              </label>
              {post ? (
                <button
                  type="button"
                  className="text-sm text-violet underline"
                  onClick={() => onText(p, source ?? bodyOf(post))}
                >
                  {t('taw.reload')}
                </button>
              ) : null}
              <span
                className={`ml-auto text-sm tabular-nums ${check.ok ? 'text-ink/70' : 'font-semibold text-red-800'}`}
                aria-live="polite"
              >
                {t('taw.counter', { count: check.count, max: p === 'Instagram' ? 2200 : check.max })}
              </span>
            </div>
            {post && !source && p !== 'Blog Post' && p !== 'Custom Post' ? (
              <p className="text-xs text-ink/60">{t('taw.noContent', { platform: platformName(p, t) })}</p>
            ) : null}
            <textarea
              id={id}
              className="field-input mt-2 w-full font-mono text-sm"
              rows={p === 'Blog Post' ? 20 : 8}
              value={text}
              aria-invalid={check.ok ? undefined : true}
              aria-describedby={reason ? `${id}-reason` : undefined}
              onChange={(e) => onText(p, e.target.value)}
            />
            {fold && [...text].length > fold ? (
              <p className="text-xs text-ink/60">
                {t('taw.fold')}: “…{[...text].slice(Math.max(0, fold - 30), fold).join('')}” ✂
              </p>
            ) : null}
            {reason ? (
              <p id={`${id}-reason`} className="mt-1 text-sm text-red-800">
                {reason}
              </p>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
