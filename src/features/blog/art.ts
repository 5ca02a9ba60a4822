/*
 * Abstract artwork for the local catalog's articles and the home hero, drawn as SVG and turned
 * into WebP by ./generate-images.ts. Each picture matches the alt text written in the fixtures.
 */

const W = 1200;
const H = 675;

type Palette = { from: string; to: string; accent: string; soft: string };

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

function background(p: Palette, w = W, h = H): string {
  return `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${p.accent}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>
    <filter id="blur"><feGaussianBlur stdDeviation="18"/></filter>
  </defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
}

const waves = (p: Palette, count: number, amp: number, y0: number, gap: number) =>
  Array.from({ length: count }, (_, i) => {
    const y = y0 + i * gap;
    return `<path d="M0 ${y} C 300 ${y - amp} 500 ${y + amp} 800 ${y} S 1100 ${y - amp} 1200 ${y}" fill="none" stroke="${p.soft}" stroke-opacity="${0.15 + (i % 4) * 0.12}" stroke-width="${3 + (i % 3) * 2}"/>`;
  }).join('');

const stars = (n: number, colour = '#ffffff') =>
  Array.from({ length: n }, (_, i) => {
    const x = (i * 211.7) % W;
    const y = (i * 97.3 + (i % 5) * 53) % (H * 0.7);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${1 + (i % 3)}" fill="${colour}" fill-opacity="${0.3 + (i % 4) * 0.15}"/>`;
  }).join('');

/** The drawings by article image file name (without extension). */
const drawings: Record<string, () => string> = {
  'de-stem-in-je-hoofd': () => {
    const p = { from: '#2a1f4d', to: '#5b3f9e', accent: '#f3d48a', soft: '#d9c9f5' };
    return `${background(p)}${waves(p, 12, 90, 120, 42)}<circle cx="600" cy="338" r="140" fill="url(#glow)"/><circle cx="600" cy="338" r="26" fill="#f7e3a8"/>`;
  },
  'de-tuin-was-nooit-gesloten': () => {
    const p = { from: '#173b2f', to: '#3f6e4a', accent: '#f1d27a', soft: '#cfe5c0' };
    const arches = Array.from(
      { length: 5 },
      (_, i) =>
        `<path d="M${360 - i * 45} 620 V ${330 - i * 10} A ${240 + i * 45} ${240 + i * 45} 0 0 1 ${840 + i * 45} ${330 - i * 10} V 620" fill="none" stroke="${i % 2 ? p.soft : p.accent}" stroke-opacity="${0.85 - i * 0.13}" stroke-width="${12 - i * 1.5}"/>`,
    ).join('');
    return `${background(p)}<ellipse cx="600" cy="360" rx="260" ry="230" fill="url(#glow)" opacity="0.6"/>${arches}<rect x="0" y="620" width="1200" height="55" fill="#10291f"/>`;
  },
  'angst-als-leraar': () => {
    const p = { from: '#0f1733', to: '#23315e', accent: '#f29a4a', soft: '#6e86c7' };
    const shapes = Array.from(
      { length: 6 },
      (_, i) =>
        `<path d="M${i * 220 - 60} 675 Q ${i * 220 + 60} ${360 + (i % 3) * 60} ${i * 220 + 200} 675 Z" fill="${p.soft}" fill-opacity="${0.18 + (i % 3) * 0.08}"/>`,
    ).join('');
    return `${background(p)}<circle cx="600" cy="300" r="260" fill="url(#glow)"/><circle cx="600" cy="300" r="70" fill="#ffc27a"/>${shapes}`;
  },
  'het-masker-afzetten': () => {
    const p = { from: '#12122e', to: '#2d2257', accent: '#cbb7f2', soft: '#efe6ff' };
    return `${background(p)}${stars(40)}<ellipse cx="600" cy="338" rx="190" ry="250" fill="${p.accent}" fill-opacity="0.35" stroke="${p.soft}" stroke-width="4"/><ellipse cx="560" cy="300" rx="70" ry="120" fill="#ffffff" fill-opacity="0.18"/><ellipse cx="600" cy="338" rx="150" ry="210" fill="none" stroke="${p.soft}" stroke-opacity="0.4" stroke-width="2"/>`;
  },
  'vergeving-zonder-voorwaarden': () => {
    const p = { from: '#4a2336', to: '#8c4a5f', accent: '#f6cf8c', soft: '#f7c6cf' };
    return `${background(p)}<circle cx="500" cy="338" r="210" fill="${p.soft}" fill-opacity="0.45"/><circle cx="700" cy="338" r="210" fill="${p.accent}" fill-opacity="0.45"/><circle cx="600" cy="338" r="90" fill="url(#glow)"/>`;
  },
  'de-kracht-van-niet-weten': () => {
    const p = { from: '#060b1f', to: '#1d2a57', accent: '#f5d37c', soft: '#3b4f8f' };
    return `${background(p)}${stars(90)}<circle cx="600" cy="210" r="110" fill="url(#glow)"/><path d="M600 170 L612 200 L645 210 L612 220 L600 250 L588 220 L555 210 L588 200 Z" fill="#fff2c4"/><path d="M0 560 Q 600 500 1200 560 V 675 H 0 Z" fill="#0a1230"/>`;
  },
  'als-je-oog-enkel-is': () => {
    const p = { from: '#1e1440', to: '#4b2f8a', accent: '#f3cf6e', soft: '#b9a2ee' };
    const rings = Array.from(
      { length: 9 },
      (_, i) =>
        `<circle cx="600" cy="338" r="${60 + i * 45}" fill="none" stroke="${p.soft}" stroke-opacity="${0.7 - i * 0.07}" stroke-width="3"/>`,
    ).join('');
    return `${background(p)}${rings}<circle cx="600" cy="338" r="120" fill="url(#glow)"/><circle cx="600" cy="338" r="48" fill="#f5d67e"/>`;
  },
  'de-golf-en-de-oceaan': () => {
    const p = { from: '#d7eef2', to: '#2b6f8e', accent: '#ffffff', soft: '#0f4f6b' };
    return `${background(p)}${waves({ ...p, soft: '#0c4660' }, 14, 70, 250, 30)}${waves({ ...p, soft: '#58c2c9' }, 8, 50, 300, 45)}`;
  },
  'zeven-zegels-een-licht': () => {
    const p = { from: '#120d26', to: '#2b1d4f', accent: '#ffffff', soft: '#ffffff' };
    const colours = ['#e0463c', '#ef8a32', '#f2c94c', '#5bbf6a', '#4aa3df', '#4b5bd1', '#9b59d0'];
    const seals = colours
      .map((c, i) => {
        const y = 610 - i * 90;
        return `<circle cx="600" cy="${y}" r="46" fill="${c}" fill-opacity="0.3" filter="url(#blur)"/><circle cx="600" cy="${y}" r="18" fill="${c}"/>`;
      })
      .join('');
    return `${background(p)}<line x1="600" y1="30" x2="600" y2="650" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>${seals}`;
  },
  'de-ander-als-spiegel': () => {
    const p = { from: '#1b1535', to: '#3a2a66', accent: '#e8c26a', soft: '#9d80e0' };
    const shape = (x: number, colour: string, flip: boolean) =>
      `<path d="M${x} 140 C ${x + (flip ? -180 : 180)} 200 ${x + (flip ? -180 : 180)} 480 ${x} 540 C ${x + (flip ? -80 : 80)} 420 ${x + (flip ? -80 : 80)} 260 ${x} 140 Z" fill="${colour}" fill-opacity="0.85"/>`;
    return `${background(p)}${shape(560, p.soft, true)}${shape(640, p.accent, false)}<line x1="600" y1="90" x2="600" y2="590" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="6 10"/>`;
  },
  'stilte-tussen-twee-gedachten': () => {
    const p = { from: '#eae4f7', to: '#c9bde6', accent: '#ffffff', soft: '#5b3f9e' };
    return `${background(p)}<rect x="360" y="100" width="480" height="475" fill="url(#glow)"/><rect x="300" y="90" width="10" height="495" rx="5" fill="${p.soft}"/><rect x="890" y="90" width="10" height="495" rx="5" fill="${p.soft}"/>`;
  },
  'een-adem-een-leven': () => {
    const p = { from: '#16302a', to: '#2f5a45', accent: '#f0cf74', soft: '#a9d8a0' };
    const pts: string[] = [];
    for (let t = 0; t < 7 * Math.PI; t += 0.12) {
      const r = 8 + t * 13;
      pts.push(`${(600 + Math.cos(t) * r).toFixed(1)},${(338 + Math.sin(t) * r * 0.8).toFixed(1)}`);
    }
    return `${background(p)}<circle cx="600" cy="338" r="200" fill="url(#glow)" opacity="0.5"/><polyline points="${pts.join(' ')}" fill="none" stroke="${p.soft}" stroke-width="5" stroke-linecap="round"/><polyline points="${pts.join(' ')}" fill="none" stroke="${p.accent}" stroke-width="2" stroke-opacity="0.8" transform="rotate(25 600 338)"/>`;
  },
};

/** The article drawing for an image file name, or undefined when there is none. */
export function drawArticleArt(file: string): string | undefined {
  const draw = drawings[file.replace(/\.\w+$/, '')];
  return draw ? svg(W, H, draw()) : undefined;
}

/** The home hero: a night sky over a horizon with seven seals and a rising light. */
export function drawHeroArt(): string {
  const w = 1920;
  const h = 900;
  const p = { from: '#1b1433', to: '#3b2870', accent: '#f3d48a', soft: '#cbb7f2' };
  const seals = Array.from({ length: 7 }, (_, i) => {
    const x = 360 + i * 200;
    const y = 640 - Math.sin((i / 6) * Math.PI) * 120;
    return `<circle cx="${x}" cy="${y}" r="22" fill="none" stroke="#e8c26a" stroke-width="3" stroke-opacity="0.7"/><circle cx="${x}" cy="${y}" r="7" fill="#e8c26a" fill-opacity="0.8"/>`;
  }).join('');
  const starField = Array.from({ length: 140 }, (_, i) => {
    const x = (i * 173.3) % w;
    const y = (i * 89.7 + (i % 7) * 31) % (h * 0.75);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${1 + (i % 3) * 0.7}" fill="#fff" fill-opacity="${0.25 + (i % 4) * 0.12}"/>`;
  }).join('');
  return svg(
    w,
    h,
    `${background(p, w, h)}${starField}<circle cx="960" cy="760" r="520" fill="url(#glow)" opacity="0.55"/>${seals}<path d="M0 780 Q 960 690 1920 780 V 900 H 0 Z" fill="#140f28"/>`,
  );
}
