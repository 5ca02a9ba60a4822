import { useId, useRef, useState } from 'react';
import { Avatar } from '~/components/app/Avatar.tsx';
import { showFailure, showToast } from '~/components/toast.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { uploadAvatar } from './profile-data.ts';

type Props = {
  db: TypedSupabaseClient;
  me: string;
  name: string;
  url: string | null;
  t: Tr;
  onUploaded: (url: string) => void;
};

/** Choose and upload a profile picture (resized to 512 px in the browser). */
export function AvatarUploader({ db, me, name, url, t, onUploaded }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const upload = async () => {
    const file = fileRef.current?.files?.[0];
    if (!file) return setError(t('profiles.avatar.noFile'));
    const { checkImage } = await import('~/lib/image/resize.ts');
    if (checkImage(file) !== 'ok') return setError(t('profiles.avatar.wrongType'));
    setError('');
    setBusy(true);
    try {
      onUploaded(await uploadAvatar(db, me, file));
      if (fileRef.current) fileRef.current.value = '';
      showToast({ title: t('profiles.avatar.done') });
    } catch (error) {
      setError(t('profiles.avatar.failed.text'));
      void showFailure(t('profiles.avatar.failed.title'), t, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10"
    >
      <h2 id={`${id}-heading`} className="text-2xl">
        {t('profiles.avatar.heading')}
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Avatar name={name || '?'} url={url} size={96} />
        <div className="space-y-2">
          <label htmlFor={`${id}-file`} className="field-label">
            {t('profiles.avatar.choose')}
          </label>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={() => setError('')}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="field-error">
              {error}
            </p>
          ) : null}
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void upload()}>
            {busy ? t('profiles.avatar.uploading') : t('profiles.avatar.upload')}
          </button>
        </div>
      </div>
    </section>
  );
}
