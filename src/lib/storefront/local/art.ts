import type { Art } from './types.ts';

/*
 * Draws the product pictures of the local catalog as SVG (turned into WebP by ./generate.ts):
 * garments in their colour, digital products as sacred-geometry covers, simple merchandise.
 */

const GOLD = '#c9973a';
const seal = (cx: number, cy: number, r: number, colour = GOLD) =>
  `<g fill="none" stroke="${colour}" stroke-width="${Math.max(2, r / 9)}"><circle cx="${cx}" cy="${cy}" r="${r}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.38}" fill="${colour}"/></g>`;

function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  return ((n >> 16) & 255) * 0.299 + ((n >> 8) & 255) * 0.587 + (n & 255) * 0.114 > 150;
}

const garments: Record<string, string> = {
  shirt:
    'M205 150 L262 122 Q300 150 338 122 L395 150 L470 225 L430 268 L395 240 L395 500 L205 500 L205 240 L170 268 L130 225 Z',
  hoodie:
    'M200 160 L255 128 Q300 160 345 128 L400 160 L455 230 L485 440 L440 452 L405 290 L405 500 L195 500 L195 290 L160 452 L115 440 L145 230 Z',
  longsleeve:
    'M205 150 L262 122 Q300 150 338 122 L395 150 L450 215 L480 440 L436 450 L398 265 L398 500 L202 500 L202 265 L164 450 L120 440 L150 215 Z',
  joggers: 'M212 110 L388 110 L405 495 L322 495 L300 230 L278 495 L195 495 Z',
  jacket:
    'M200 150 L262 118 L300 150 L338 118 L400 150 L455 220 L485 440 L440 452 L405 285 L405 500 L195 500 L195 285 L160 452 L115 440 L145 220 Z',
};

function garment(art: Extract<Art, { kind: 'garment' }>): string {
  const light = isLight(art.colour);
  const line = light ? 'rgba(29,23,48,0.18)' : 'rgba(255,255,255,0.16)';
  const bg = light ? ['#efe9f7', '#d9cdea'] : ['#f6efe2', '#e8dcc4'];
  if (art.view === 'detail') {
    return svg(
      600,
      600,
      `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.colour}"/><stop offset="1" stop-color="${shade(art.colour, -18)}"/></linearGradient></defs>
      <rect width="600" height="600" fill="url(#b)"/>
      ${Array.from({ length: 30 }, (_, i) => `<path d="M0 ${i * 20} L600 ${i * 20 + 6}" stroke="${line}" stroke-width="1"/>`).join('')}
      ${seal(300, 300, 130)}
      <circle cx="300" cy="300" r="175" fill="none" stroke="${GOLD}" stroke-width="3" stroke-dasharray="6 10"/>`,
    );
  }
  const path = garments[art.garment] ?? garments.shirt;
  const hood =
    art.garment === 'hoodie'
      ? `<path d="M245 140 Q300 60 355 140 Q300 175 245 140 Z" fill="${shade(art.colour, -12)}"/>`
      : '';
  const extra =
    art.garment === 'hoodie' && art.view === 'front'
      ? `<path d="M235 390 L365 390 L385 470 L215 470 Z" fill="none" stroke="${line}" stroke-width="4"/><path d="M285 160 L280 235 M315 160 L320 235" stroke="${light ? '#8a7f99' : '#ddd'}" stroke-width="4"/>`
      : art.garment === 'jacket'
        ? `<path d="M300 150 L300 500" stroke="${line}" stroke-width="5"/>`
        : art.garment === 'joggers'
          ? `<path d="M212 130 L388 130" stroke="${line}" stroke-width="6"/><path d="M195 480 L278 480 M322 480 L405 480" stroke="${line}" stroke-width="8"/>`
          : '';
  const emblem =
    art.garment === 'joggers'
      ? seal(245, 175, 14)
      : art.view === 'back'
        ? seal(300, 320, 75)
        : seal(
            art.garment === 'shirt' ? 300 : 345,
            art.garment === 'shirt' ? 230 : 225,
            art.garment === 'shirt' ? 40 : 20,
          );
  return svg(
    600,
    600,
    `<defs><radialGradient id="b" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></radialGradient></defs>
    <rect width="600" height="600" fill="url(#b)"/>
    <ellipse cx="300" cy="530" rx="190" ry="18" fill="rgba(29,23,48,0.12)"/>
    ${hood}<path d="${path}" fill="${art.colour}" stroke="${light ? 'rgba(29,23,48,0.25)' : 'rgba(0,0,0,0.25)'}" stroke-width="3" stroke-linejoin="round"/>
    ${extra}${emblem}`,
  );
}

function shade(hex: string, percent: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const f = (v: number) => Math.max(0, Math.min(255, Math.round(v + (percent / 100) * 255)));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => f(v).toString(16).padStart(2, '0')).join('')}`;
}

const hsl = (h: number, s: number, l: number) => `hsl(${h} ${s}% ${l}%)`;

function symbol(kind: Extract<Art, { kind: 'digital' }>['symbol'], stroke: string): string {
  const g = (body: string) =>
    `<g fill="none" stroke="${stroke}" stroke-width="5" stroke-linecap="round">${body}</g>`;
  switch (kind) {
    case 'trinity':
      return g(
        `<path d="M300 150 L430 375 L170 375 Z"/><circle cx="300" cy="300" r="150"/><circle cx="300" cy="233" r="60"/><circle cx="242" cy="333" r="60"/><circle cx="358" cy="333" r="60"/>`,
      );
    case 'globe':
      return g(
        `<circle cx="300" cy="300" r="150"/><ellipse cx="300" cy="300" rx="65" ry="150"/><path d="M150 300 H450 M170 225 H430 M170 375 H430"/>`,
      );
    case 'flower': {
      const r = 62;
      const centres = [
        [0, 0],
        ...Array.from({ length: 6 }, (_, i) => [
          Math.cos((i * Math.PI) / 3) * r,
          Math.sin((i * Math.PI) / 3) * r,
        ]),
      ];
      return g(
        `${centres.map(([x, y]) => `<circle cx="${300 + (x ?? 0)}" cy="${300 + (y ?? 0)}" r="${r}"/>`).join('')}<circle cx="300" cy="300" r="${r * 2}"/>`,
      );
    }
    case 'eye':
      return g(
        `<path d="M140 300 Q300 160 460 300 Q300 440 140 300 Z"/><circle cx="300" cy="300" r="55"/><circle cx="300" cy="300" r="18" fill="${stroke}"/><path d="M300 120 V170 M300 430 V480 M170 170 L200 200 M430 170 L400 200"/>`,
      );
    case 'spiral': {
      const pts: string[] = [];
      for (let t = 0; t < 6 * Math.PI; t += 0.15) {
        const rr = 6 + t * 8;
        pts.push(`${(300 + Math.cos(t) * rr).toFixed(1)},${(300 + Math.sin(t) * rr).toFixed(1)}`);
      }
      return g(`<polyline points="${pts.join(' ')}"/><circle cx="300" cy="300" r="170"/>`);
    }
    case 'infinity':
      return g(
        `<path d="M300 300 C250 220 150 220 150 300 C150 380 250 380 300 300 C350 220 450 220 450 300 C450 380 350 380 300 300 Z"/><circle cx="300" cy="300" r="185" stroke-dasharray="4 12"/>`,
      );
    case 'heart':
      return g(
        `<path d="M300 430 C180 340 150 280 170 230 C195 170 270 170 300 230 C330 170 405 170 430 230 C450 280 420 340 300 430 Z"/><circle cx="300" cy="290" r="175"/>`,
      );
  }
}

function digital(art: Extract<Art, { kind: 'digital' }>): string {
  const stars = Array.from({ length: 40 }, (_, i) => {
    const x = (i * 137.5) % 600;
    const y = (i * 73.1 + (i % 7) * 41) % 600;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(i % 3) + 1}" fill="rgba(255,255,255,${0.25 + (i % 4) * 0.1})"/>`;
  }).join('');
  return svg(
    600,
    600,
    `<defs><radialGradient id="b" cx="0.5" cy="0.45" r="0.8"><stop offset="0" stop-color="${hsl(art.hue, 55, 38)}"/><stop offset="1" stop-color="${hsl((art.hue + 30) % 360, 60, 12)}"/></radialGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${hsl(45, 90, 75)}" stop-opacity="0.55"/><stop offset="1" stop-color="${hsl(45, 90, 75)}" stop-opacity="0"/></radialGradient></defs>
    <rect width="600" height="600" fill="url(#b)"/>${stars}<circle cx="300" cy="300" r="210" fill="url(#glow)"/>
    ${symbol(art.symbol, hsl(43, 80, 70))}`,
  );
}

function merch(art: Extract<Art, { kind: 'merch' }>): string {
  const bg = `<defs><radialGradient id="b" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="#f6efe2"/><stop offset="1" stop-color="#e3d6bb"/></radialGradient></defs><rect width="600" height="600" fill="url(#b)"/><ellipse cx="300" cy="510" rx="200" ry="20" fill="rgba(29,23,48,0.12)"/>`;
  switch (art.item) {
    case 'mug':
      return svg(
        600,
        600,
        `${bg}<path d="M395 240 Q470 240 470 320 Q470 400 395 400" fill="none" stroke="${shade(art.colour, -20)}" stroke-width="26"/><rect x="170" y="180" width="240" height="320" rx="26" fill="${art.colour}" stroke="rgba(29,23,48,0.2)" stroke-width="3"/><ellipse cx="290" cy="182" rx="120" ry="16" fill="${shade(art.colour, -12)}"/>${seal(290, 340, 55, '#5b3f9e')}`,
      );
    case 'poster':
      return svg(
        600,
        600,
        `${bg}<rect x="150" y="70" width="300" height="420" fill="${art.colour}" stroke="#fff" stroke-width="14"/>${Array.from({ length: 7 }, (_, i) => seal(300, 115 + i * 55, 18)).join('')}`,
      );
    case 'tote':
      return svg(
        600,
        600,
        `${bg}<path d="M235 220 Q235 110 300 110 Q365 110 365 220" fill="none" stroke="${shade(art.colour, -25)}" stroke-width="14"/><path d="M160 210 L440 210 L460 500 L140 500 Z" fill="${art.colour}" stroke="rgba(29,23,48,0.2)" stroke-width="3"/>${seal(300, 355, 70, '#231a3d')}`,
      );
    case 'cushion':
      return svg(
        600,
        600,
        `${bg}<ellipse cx="300" cy="400" rx="220" ry="95" fill="${shade(art.colour, -15)}"/><ellipse cx="300" cy="350" rx="220" ry="95" fill="${art.colour}"/><path d="M80 350 Q300 460 520 350" fill="none" stroke="rgba(255,255,255,0.35)" stroke-width="4" stroke-dasharray="10 8"/>${seal(300, 345, 26)}`,
      );
  }
}

function banner(art: Extract<Art, { kind: 'banner' }>): string {
  const hue = { digital: 265, clothing: 230, merch: 35 }[art.theme];
  const seals = Array.from({ length: 9 }, (_, i) =>
    seal(100 + i * 125, 250 + Math.sin(i) * 80, 28 + (i % 3) * 14),
  ).join('');
  return svg(
    1200,
    500,
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 50, 22)}"/><stop offset="1" stop-color="${hsl((hue + 40) % 360, 55, 40)}"/></linearGradient></defs><rect width="1200" height="500" fill="url(#b)"/><g opacity="0.8">${seals}</g>`,
  );
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** The SVG source of a catalog picture. */
export function drawArt(art: Art): string {
  switch (art.kind) {
    case 'garment':
      return garment(art);
    case 'digital':
      return digital(art);
    case 'merch':
      return merch(art);
    case 'banner':
      return banner(art);
  }
}
