/**
 * The results page's sort select applies at once (the filter panel has its own Apply button, and
 * without JavaScript that button submits the sort too).
 */
export function initSearchControls(): void {
  const form = document.querySelector<HTMLFormElement>('[data-search-controls]');
  form?.querySelector('select[name="sort"]')?.addEventListener('change', () => form.requestSubmit());
}
