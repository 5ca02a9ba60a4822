/** SPEC.md section 9: 50 pieces, removed after 3 s; none at all with prefers-reduced-motion. */
const CONFETTI_PIECES = 50;
const CONFETTI_MS = 3000;

const COLOURS = ['#c9a24a', '#7c3aed', '#f5d68a', '#c4b5fd', '#f472b6'];

export function launchConfetti(host: HTMLElement): void {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const layer = document.createElement('div');
  layer.dataset.nlConfetti = '';
  layer.setAttribute('aria-hidden', 'true');
  layer.style.cssText = 'position:absolute;inset:0;pointer-events:none;overflow:hidden';
  for (let i = 0; i < CONFETTI_PIECES; i++) {
    const piece = document.createElement('span');
    const x = Math.random() * 100;
    piece.style.cssText = `position:absolute;top:-10px;left:${x}%;width:8px;height:12px;border-radius:2px;background:${COLOURS[i % COLOURS.length]}`;
    piece.animate(
      [
        { transform: 'translate(0,0) rotate(0deg)', opacity: 1 },
        {
          transform: `translate(${(Math.random() - 0.5) * 120}px,${220 + Math.random() * 120}px) rotate(${Math.random() * 720}deg)`,
          opacity: 0,
        },
      ],
      { duration: 1200 + Math.random() * 1600, easing: 'cubic-bezier(.2,.6,.4,1)', fill: 'forwards' },
    );
    layer.append(piece);
  }
  if (getComputedStyle(host).position === 'static') host.style.position = 'relative';
  host.append(layer);
  setTimeout(() => layer.remove(), CONFETTI_MS);
}
