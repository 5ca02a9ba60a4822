/** Image types a member may upload (SVG is excluded: it can carry script). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImageCheck = 'ok' | 'wrong_type' | 'too_large';

/** Whether a chosen file may be uploaded at all (type and the spec's 5 MB limit). */
export function checkImage(file: { type: string; size: number }): ImageCheck {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'wrong_type';
  if (file.size >= MAX_IMAGE_BYTES) return 'too_large';
  return 'ok';
}

/** The size an image of w x h gets when its longer side may be at most `max` (never upscaled). */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Draws the image onto a canvas of at most `max` px on its longer side and encodes it again
 * (JPEG, or PNG for images that may be transparent). Re-encoding from pixels drops every
 * metadata block (EXIF with GPS, XMP), so what is uploaded carries only the picture.
 */
export async function resizeImage(file: Blob, max: number, quality = 0.85): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const size = fitWithin(bitmap.width, bitmap.height, max);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const type = file.type === 'image/png' || file.type === 'image/gif' ? 'image/png' : 'image/jpeg';
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('image encoding failed'))),
      type,
      quality,
    );
  });
}
