import { type FormEvent, useEffect, useRef, useState } from 'react';
import { showFailure, showToast } from '~/components/toast.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { type FeedPost, fetchPosts } from './feed-data.ts';
import { createPost, uploadPostImage } from './post-create.ts';

// The image checker and resizer load when the form is first opened, not with the page.
const loadResizer = () => import('~/lib/image/resize.ts');

type Props = {
  db: TypedSupabaseClient;
  me: string;
  unknownName: string;
  t: Tr;
  idPrefix: string;
  onCreated: (post: FeedPost) => void;
  /** Closes the form (after Cancel or a post) and returns focus to the toggle. */
  onClose: () => void;
};

/**
 * The new-post form's fields, loaded when the member first opens the form (NewPostForm.tsx). It
 * stays mounted while closed, so what was typed survives closing and a failed save.
 */
export default function NewPostFields({ db, me, unknownName, t, idPrefix: id, onCreated, onClose }: Props) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void loadResizer();
  }, []);

  const clear = () => {
    setTitle('');
    setContent('');
    setImage(null);
    setImageError('');
    setFormError('');
    if (fileRef.current) fileRef.current.value = '';
  };

  const pickImage = async (file: File | undefined) => {
    setImageError('');
    if (!file) return setImage(null);
    const { checkImage } = await loadResizer();
    const check = checkImage(file);
    if (check !== 'ok') {
      const text =
        check === 'too_large' ? t('community.image.tooLarge.text') : t('community.image.wrongType');
      setImageError(text);
      showToast({ title: t('community.image.tooLarge.title'), description: text, variant: 'error' });
      if (fileRef.current) fileRef.current.value = '';
      return setImage(null);
    }
    setImage(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!title.trim() || !content.trim()) return setFormError(t('community.newPost.required'));
    setBusy(true);
    setFormError('');
    let imageUrl: string | null = null;
    try {
      if (image) {
        try {
          const { resizeImage } = await loadResizer();
          imageUrl = await uploadPostImage(db, me, await resizeImage(image, 1600));
        } catch (error) {
          // No post without its image: the form keeps everything so the member can try again.
          setFormError(t('community.upload.failed.text'));
          void showFailure(t('community.upload.failed.title'), t, error);
          return;
        }
      }
      const postId = await createPost(db, {
        title: title.trim(),
        content: content.trim(),
        imageUrl,
        userId: me,
      });
      const [post] = await fetchPosts(db, { me, unknownName, ids: [postId] });
      if (post) onCreated(post);
      clear();
      showToast({ title: t('community.post.created'), variant: 'success' });
      onClose();
    } catch (error) {
      const { toErrorCode } = await import('~/lib/supabase/errors.ts');
      const text =
        toErrorCode(error) === 'rate_limit' ? t('community.post.rateLimit') : t('community.post.createError');
      setFormError(text);
      void showFailure(t('community.post.createError'), t, error, { rate_limit: text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
      <div>
        <label htmlFor={`${id}-title`} className="field-label">
          {t('community.newPost.title')}
        </label>
        <input
          id={`${id}-title`}
          className="field-input"
          value={title}
          maxLength={200}
          required
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-content`} className="field-label">
          {t('community.newPost.content')}
        </label>
        <textarea
          id={`${id}-content`}
          className="field-input min-h-28"
          value={content}
          maxLength={10000}
          required
          onChange={(e) => setContent(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-image`} className="field-label">
          {t('community.newPost.image')}
        </label>
        <input
          ref={fileRef}
          id={`${id}-image`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? `${id}-image-error` : undefined}
          onChange={(e) => void pickImage(e.target.files?.[0])}
        />
        {imageError ? (
          <p id={`${id}-image-error`} className="field-error">
            {imageError}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p role="alert" className="field-error">
          {formError}
        </p>
      ) : null}
      <div className="flex gap-3">
        <button type="submit" className="btn-primary" disabled={busy || !title.trim() || !content.trim()}>
          {busy ? t('community.newPost.submitting') : t('community.newPost.submit')}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={() => {
            clear();
            onClose();
          }}
        >
          {t('community.newPost.cancel')}
        </button>
      </div>
    </form>
  );
}
