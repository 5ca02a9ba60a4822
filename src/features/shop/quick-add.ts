/*
 * Quick add on product cards: one delegated click listener; the chooser, the cart store and the
 * texts load only at the first click (./quick-add-run.ts), so the grids carry almost no script.
 */
document.addEventListener('click', (event) => {
  const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>('button[data-quick-add]');
  if (!button || button.disabled) return;
  event.preventDefault();
  void import('./quick-add-run.ts').then(({ quickAdd }) => quickAdd(button));
});
