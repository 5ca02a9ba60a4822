import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { FeedPost } from './feed-data.ts';

type Props = {
  db: TypedSupabaseClient;
  me: string;
  unknownName: string;
  t: Tr;
  onCreated: (post: FeedPost) => void;
};

// The form (with image resizing) is only needed once a member opens it: it loads then, and is
// prefetched when the pointer or focus reaches the toggle, so it opens without a wait.
let loading: Promise<typeof import('./PostComposer.tsx')> | undefined;
const preload = () => {
  loading ??= import('./PostComposer.tsx');
  return loading;
};
const PostComposer = lazy(preload);

/** The new-post form: opens on demand, keeps what was typed when anything fails. */
export function NewPostForm({ db, me, unknownName, t, onCreated }: Props) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const formId = `${id}-form`;

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
          aria-controls={wanted ? formId : undefined}
          onPointerEnter={() => void preload()}
          onFocus={() => void preload()}
          onClick={() => {
            setWanted(true);
            setOpen((o) => !o);
          }}
        >
          {t('community.newPost.open')}
        </button>
      </div>
      {wanted ? (
        <Suspense fallback={null}>
          <PostComposer
            db={db}
            me={me}
            unknownName={unknownName}
            t={t}
            id={formId}
            open={open}
            onCreated={onCreated}
            onClose={() => {
              setOpen(false);
              toggleRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
