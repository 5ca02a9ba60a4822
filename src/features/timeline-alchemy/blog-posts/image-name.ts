/** A unique, safe object name for an uploaded blog image (uploads never overwrite another). */
export function imageName(file: { name: string }, now = Date.now(), random = Math.random()): string {
  const ext = (/\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1] ?? 'jpg').toLowerCase();
  return `${now}-${random.toString(36).slice(2, 10)}.${ext}`;
}
