import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { FeedPost } from './feed-data.ts';

// The fields (and, through them, the image resizer) load when the member first reaches for the
// toggle, not with the page: most visits read the feed without posting.
const loadFields = () => import('./NewPostFields.tsx');
const NewPostFields = lazy(loadFields);

type Props = {
  db: TypedSupabaseClient;
  me: string;
  unknownName: string;
  t: Tr;
  onCreated: (post: FeedPost) => void;
};

/** The new-post form: opens on demand, keeps what was typed when anything fails. */
export function NewPostForm({ db, me, unknownName, t, onCreated }: Props) {
  const [open, setOpen] = useState(false);
  // Once opened, the fields stay mounted (hidden while closed) so nothing typed is lost.
  const [started, setStarted] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl">
          {t('community.newPost.heading')}
        </h2>
        <button
          ref={toggleRef}
          type="button"
          className="btn-primary"
          aria-expanded={open}
          aria-controls={`${id}-form`}
          onPointerEnter={() => void loadFields()}
          onFocus={() => void loadFields()}
          onClick={() => {
            setStarted(true);
            setOpen((o) => !o);
          }}
        >
          {t('community.newPost.open')}
        </button>
      </div>
      <div id={`${id}-form`} hidden={!open}>
        {started ? (
          <Suspense fallback={<p className="mt-4 text-ink/70">{t('app.loading')}</p>}>
            <NewPostFields
              db={db}
              me={me}
              unknownName={unknownName}
              t={t}
              idPrefix={id}
              onCreated={onCreated}
              onClose={close}
            />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
