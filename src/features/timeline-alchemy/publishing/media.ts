import type { PostOutcome } from './api.ts';
import type { PlatformConfig } from './config.ts';

/** The largest picture we hand to a platform (X takes images up to 5 MB). */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * X media upload (`POST /2/media/upload`, JSON with the picture base64-encoded and
 * `media_category: tweet_image`; needs the `media.write` scope): the preview's image, fetched from
 * its public URL, becomes a media id for the post. Nothing is public yet, so any failure here is
 * safe to repeat: the worker retries later (after its attempts, the publication fails).
 */
export async function uploadXImage(
  cfg: PlatformConfig,
  token: string,
  image: string,
): Promise<{ id: string } | Exclude<PostOutcome, { kind: 'posted' }>> {
  let bytes: Buffer;
  try {
    const picture = await fetch(image, { signal: AbortSignal.timeout(15_000) });
    if (!picture.ok) throw new Error(`HTTP ${picture.status}`);
    bytes = Buffer.from(await picture.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) throw new Error(`${bytes.length} bytes`);
  } catch (error) {
    return {
      kind: 'later',
      retryAt: null,
      message: `The image could not be read: ${(error as Error).message}`,
    };
  }
  let response: Response;
  try {
    response = await fetch(`${cfg.apiBase}/2/media/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ media: bytes.toString('base64'), media_category: 'tweet_image' }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    return { kind: 'later', retryAt: null, message: (error as Error).message };
  }
  const body = (await response.json().catch(() => ({}))) as {
    data?: { id?: string };
    detail?: string;
    title?: string;
  };
  if (response.ok && body.data?.id) return { id: body.data.id };
  const message = body.detail ?? body.title ?? `HTTP ${response.status}`;
  if (response.status === 401) return { kind: 'unauthorized', message };
  if (response.status === 429 || response.status >= 500) return { kind: 'later', retryAt: null, message };
  return { kind: 'rejected', message };
}
