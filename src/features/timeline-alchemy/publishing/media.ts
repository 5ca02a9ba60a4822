import type { PostOutcome } from './api.ts';
import { LINKEDIN_VERSION, type PlatformConfig } from './config.ts';

/**
 * Pictures for X and LinkedIn, uploaded before the post that carries them. Nothing is public yet,
 * so every failure here is safe to repeat: the worker retries later (after its attempts, the
 * publication fails).
 */
type NotPosted = Exclude<PostOutcome, { kind: 'posted' }>;

/** The largest picture we hand to a platform (X takes images up to 5 MB). */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The preview's picture from its public URL, or a retry later. */
async function readImage(image: string): Promise<Buffer | NotPosted> {
  try {
    const picture = await fetch(image, { signal: AbortSignal.timeout(15_000) });
    if (!picture.ok) throw new Error(`HTTP ${picture.status}`);
    const bytes = Buffer.from(await picture.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) throw new Error(`${bytes.length} bytes`);
    return bytes;
  } catch (error) {
    return {
      kind: 'later',
      retryAt: null,
      message: `The image could not be read: ${(error as Error).message}`,
    };
  }
}

/** An upload step's refusal: throttling and server errors retry later. */
function refused(status: number, message: string): NotPosted {
  if (status === 401) return { kind: 'unauthorized', message };
  if (status === 429 || status >= 500) return { kind: 'later', retryAt: null, message };
  return { kind: 'rejected', message };
}

/**
 * X media upload: `POST /2/media/upload`, JSON with the picture base64-encoded and
 * `media_category: tweet_image` (needs the `media.write` scope); the post names the media id.
 */
export async function uploadXImage(
  cfg: PlatformConfig,
  token: string,
  image: string,
): Promise<{ id: string } | NotPosted> {
  const bytes = await readImage(image);
  if (!Buffer.isBuffer(bytes)) return bytes;
  try {
    const response = await fetch(`${cfg.apiBase}/2/media/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ media: bytes.toString('base64'), media_category: 'tweet_image' }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as {
      data?: { id?: string };
      detail?: string;
      title?: string;
    };
    if (response.ok && body.data?.id) return { id: body.data.id };
    return refused(response.status, body.detail ?? body.title ?? `HTTP ${response.status}`);
  } catch (error) {
    return { kind: 'later', retryAt: null, message: (error as Error).message };
  }
}

/**
 * LinkedIn's Images API: `POST /rest/images?action=initializeUpload` with the owner's URN answers an
 * `uploadUrl` and the image URN; the bytes go there with `PUT`; the post names the URN in
 * `content.media.id`.
 */
export async function uploadLinkedInImage(
  cfg: PlatformConfig,
  token: string,
  owner: string,
  image: string,
): Promise<{ id: string } | NotPosted> {
  const bytes = await readImage(image);
  if (!Buffer.isBuffer(bytes)) return bytes;
  try {
    const started = await fetch(`${cfg.apiBase}/rest/images?action=initializeUpload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'linkedin-version': LINKEDIN_VERSION,
        'x-restli-protocol-version': '2.0.0',
      },
      body: JSON.stringify({ initializeUploadRequest: { owner } }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await started.json().catch(() => ({}))) as {
      value?: { uploadUrl?: string; image?: string };
      message?: string;
    };
    const { uploadUrl, image: urn } = body.value ?? {};
    if (!started.ok || !uploadUrl || !urn)
      return refused(started.status, body.message ?? `HTTP ${started.status}`);
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(30_000),
    });
    if (!put.ok) return refused(put.status, `image upload: HTTP ${put.status}`);
    return { id: urn };
  } catch (error) {
    return { kind: 'later', retryAt: null, message: (error as Error).message };
  }
}
