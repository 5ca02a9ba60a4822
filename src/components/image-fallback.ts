/*
 * Images that fail to load (product cards, the product gallery, article pictures) show the spec's
 * placeholder instead of an empty box: an image icon and "Afbeelding niet beschikbaar" in the page
 * language (SPEC.md section 8). Marked images carry `data-fallback-image`; the text comes from
 * <body data-image-unavailable>. `error` does not bubble, so one capturing listener sees them all.
 */

const ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" stroke-width="1.5"><rect x="3" y="4" width="18" height="16" rx="2"/><circle cx="9" cy="10" r="2"/><path d="m21 16-5-5-9 9"/></svg>';

function showPlaceholder(img: HTMLImageElement): void {
  const next = img.nextElementSibling as HTMLElement | null;
  if (next?.dataset.imagePlaceholder !== undefined) {
    next.hidden = false;
    img.hidden = true;
    return;
  }
  const box = document.createElement('div');
  box.dataset.imagePlaceholder = '';
  box.className = 'image-placeholder';
  const w = Number(img.getAttribute('width')) || 1;
  const h = Number(img.getAttribute('height')) || 1;
  box.style.aspectRatio = `${w} / ${h}`;
  box.innerHTML = ICON;
  const text = document.createElement('span');
  // An image may name its own text (the blog-post admin's 'Afbeelding kon niet laden').
  text.textContent = img.dataset.fallbackText ?? document.body.dataset.imageUnavailable ?? '';
  box.append(text);
  img.hidden = true;
  img.after(box);
}

function onError(event: Event): void {
  const img = event.target;
  if (img instanceof HTMLImageElement && img.hasAttribute('data-fallback-image')) showPlaceholder(img);
}

/** Starts watching; images that failed before this ran are replaced at once. */
export function initImageFallbacks(): void {
  document.addEventListener('error', onError, true);
  // A new source (gallery thumbnails) brings a failed image back.
  document.addEventListener(
    'load',
    (event) => {
      const img = event.target;
      if (!(img instanceof HTMLImageElement) || !img.hidden || !img.hasAttribute('data-fallback-image'))
        return;
      img.hidden = false;
      const next = img.nextElementSibling as HTMLElement | null;
      if (next?.dataset.imagePlaceholder !== undefined) next.hidden = true;
    },
    true,
  );
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback-image]')) {
    if (img.complete && img.naturalWidth === 0 && img.currentSrc) showPlaceholder(img);
  }
}
