import type {
  Art,
  Catalog,
  FixtureCollection,
  FixtureImage,
  FixtureOption,
  FixtureProduct,
  LocalText,
} from './types.ts';

/*
 * The local catalog: original texts in nl, en and de, prices in EUR. Image files live in
 * public/catalog/ and are drawn from the `art` specs by `npm run catalog:generate -- --images`.
 */

const img = (file: string, alt: LocalText, art: Art, width = 600, height = 600): FixtureImage => ({
  file,
  alt,
  width,
  height,
  art,
});
const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');

const SIZES: FixtureOption = {
  name: { nl: 'Maat', en: 'Size', de: 'Größe' },
  values: ['S', 'M', 'L', 'XL'].map((s) => ({ key: s, label: { nl: s, en: s, de: s } })),
};
const sizes = (keys: string[]): FixtureOption => ({
  name: SIZES.name,
  values: SIZES.values.filter((v) => keys.includes(v.key)),
});
const colourName: LocalText = { nl: 'Kleur', en: 'Color', de: 'Farbe' };
const COLOURS = {
  black: { hex: '#1f1b2b', label: { nl: 'Zwart', en: 'Black', de: 'Schwarz' } },
  midnight: { hex: '#2b3566', label: { nl: 'Nachtblauw', en: 'Midnight blue', de: 'Nachtblau' } },
  cream: { hex: '#eee4cf', label: { nl: 'Crème', en: 'Cream', de: 'Creme' } },
  white: { hex: '#f7f5f0', label: { nl: 'Wit', en: 'White', de: 'Weiß' } },
  sage: { hex: '#8fa58b', label: { nl: 'Salie', en: 'Sage', de: 'Salbei' } },
  anthracite: { hex: '#3d3e44', label: { nl: 'Antraciet', en: 'Anthracite', de: 'Anthrazit' } },
  indigo: { hex: '#3f3a8c', label: { nl: 'Indigo', en: 'Indigo', de: 'Indigo' } },
  saffron: { hex: '#e0a43a', label: { nl: 'Saffraan', en: 'Saffron', de: 'Safran' } },
  natural: { hex: '#e8dcc0', label: { nl: 'Naturel', en: 'Natural', de: 'Natur' } },
} as const;
type ColourKey = keyof typeof COLOURS;
const colours = (keys: ColourKey[]): FixtureOption => ({
  name: colourName,
  values: keys.map((k) => ({ key: k, label: COLOURS[k].label })),
});

let nextVariantId = 40_001;
/** Variants for every combination of the given option keys; `soldOut` lists "S/black" style keys. */
function combinations(
  optionKeys: string[][],
  price: string,
  soldOut: string[] = [],
  imageFor?: (keys: string[]) => string,
) {
  const out: FixtureProduct['variants'] = [];
  const walk = (prefix: string[], rest: string[][]) => {
    if (rest.length === 0) {
      const image = imageFor?.(prefix);
      out.push({
        id: nextVariantId++,
        options: prefix,
        price,
        available: !soldOut.includes(prefix.join('/')),
        ...(image ? { image } : {}),
      });
      return;
    }
    for (const key of rest[0] ?? []) walk([...prefix, key], rest.slice(1));
  };
  walk([], optionKeys);
  return out;
}

function digital(
  id: number,
  handle: string,
  title: LocalText,
  descriptionHtml: LocalText,
  price: string,
  productType: string,
  art: Extract<Art, { kind: 'digital' }>,
): FixtureProduct {
  return {
    id,
    handle,
    title,
    descriptionHtml,
    vendor: 'Chosen Ones',
    productType,
    tags: ['digital'],
    options: [],
    variants: [{ id: nextVariantId++, options: [], price, available: true }],
    images: [
      img(`${handle}.webp`, title, art),
      img(
        `${handle}-inside.webp`,
        {
          nl: `${title.nl}: een blik binnenin`,
          en: `${title.en}: a look inside`,
          de: `${title.de}: ein Blick hinein`,
        },
        { ...art, hue: (art.hue + 40) % 360 },
      ),
    ],
  };
}

const garmentAlt = (title: LocalText, colour: ColourKey, view: 'front' | 'back' | 'detail'): LocalText => {
  const c = COLOURS[colour].label;
  const v = {
    front: { nl: 'voorkant', en: 'front', de: 'Vorderseite' },
    back: { nl: 'achterkant', en: 'back', de: 'Rückseite' },
    detail: { nl: 'detail van het borduursel', en: 'embroidery detail', de: 'Detail der Stickerei' },
  }[view];
  return {
    nl: `${title.nl} in ${c.nl}, ${v.nl}`,
    en: `${title.en} in ${c.en}, ${v.en}`,
    de: `${title.de} in ${c.de}, ${v.de}`,
  };
};

function clothing(
  id: number,
  handle: string,
  title: LocalText,
  descriptionHtml: LocalText,
  opts: {
    garment: Extract<Art, { kind: 'garment' }>['garment'];
    productType: string;
    tags: string[];
    sizes: string[];
    colours: ColourKey[];
    price: string;
    soldOut?: string[];
    backs?: boolean;
    details?: number;
  },
): FixtureProduct {
  const file = (c: string, view: string, n = '') => `${handle}-${c}-${view}${n}.webp`;
  const images: FixtureImage[] = opts.colours.map((c) =>
    img(file(c, 'front'), garmentAlt(title, c, 'front'), {
      kind: 'garment',
      garment: opts.garment,
      colour: COLOURS[c].hex,
      view: 'front',
    }),
  );
  if (opts.backs) {
    for (const c of opts.colours) {
      images.push(
        img(file(c, 'back'), garmentAlt(title, c, 'back'), {
          kind: 'garment',
          garment: opts.garment,
          colour: COLOURS[c].hex,
          view: 'back',
        }),
      );
    }
  }
  for (let i = 0; i < (opts.details ?? 0); i++) {
    const c = opts.colours[i % opts.colours.length] as ColourKey;
    images.push(
      img(file(c, 'detail', String(i + 1)), garmentAlt(title, c, 'detail'), {
        kind: 'garment',
        garment: opts.garment,
        colour: COLOURS[c].hex,
        view: 'detail',
      }),
    );
  }
  return {
    id,
    handle,
    title,
    descriptionHtml,
    vendor: 'Chosen Ones',
    productType: opts.productType,
    tags: opts.tags,
    options: [sizes(opts.sizes), colours(opts.colours)],
    variants: combinations([opts.sizes, opts.colours], opts.price, opts.soldOut, ([, c]) =>
      file(c ?? '', 'front'),
    ),
    images,
  };
}

const products: FixtureProduct[] = [
  digital(
    10_001,
    'trinity-transformatie',
    { nl: 'Trinity Transformatie', en: 'Trinity Transformation', de: 'Trinity-Transformation' },
    {
      nl: p(
        'Een online traject in drie delen voor lichaam, geest en ziel. In twaalf lessen leer je hoe gedachten, gevoelens en adem samenwerken, en hoe je ze weer op één lijn brengt.',
        'Met video, geleide meditaties en een werkboek om te printen. Je houdt levenslang toegang.',
      ),
      en: p(
        'An online journey in three parts for body, mind and soul. In twelve lessons you learn how thoughts, feelings and breath work together, and how to bring them back into line.',
        'With video, guided meditations and a printable workbook. Access is yours for life.',
      ),
      de: p(
        'Ein Online-Weg in drei Teilen für Körper, Geist und Seele. In zwölf Lektionen lernst du, wie Gedanken, Gefühle und Atem zusammenwirken und wie du sie wieder in Einklang bringst.',
        'Mit Videos, geführten Meditationen und einem Arbeitsbuch zum Ausdrucken. Der Zugang gilt lebenslang.',
      ),
    },
    '97.00',
    'Online course',
    { kind: 'digital', symbol: 'trinity', hue: 268 },
  ),
  digital(
    10_002,
    'the-real-world',
    {
      nl: 'The Real World: voorbij de illusie',
      en: 'The Real World: beyond the illusion',
      de: 'The Real World: jenseits der Illusion',
    },
    {
      nl: p(
        'Een e-book over het verschil tussen de wereld die we denken te zien en de wereld zoals die is. Helder geschreven, met oefeningen aan het eind van elk hoofdstuk.',
        'PDF en EPUB, 184 pagina’s.',
      ),
      en: p(
        'An e-book about the difference between the world we think we see and the world as it is. Clearly written, with exercises at the end of every chapter.',
        'PDF and EPUB, 184 pages.',
      ),
      de: p(
        'Ein E-Book über den Unterschied zwischen der Welt, die wir zu sehen glauben, und der Welt, wie sie ist. Klar geschrieben, mit Übungen am Ende jedes Kapitels.',
        'PDF und EPUB, 184 Seiten.',
      ),
    },
    '19.00',
    'E-book',
    { kind: 'digital', symbol: 'globe', hue: 205 },
  ),
  digital(
    10_003,
    'the-truth-that-sets-free',
    { nl: 'De Waarheid die Bevrijdt', en: 'The Truth That Sets Free', de: 'Die Wahrheit, die frei macht' },
    {
      nl: p(
        'Een audioserie van zeven afleveringen over loslaten: van oude overtuigingen, van schuld en van de angst om gezien te worden.',
        'Om te luisteren onderweg of tijdens een wandeling. MP3, ruim vijf uur in totaal.',
      ),
      en: p(
        'An audio series of seven episodes about letting go: of old beliefs, of guilt and of the fear of being seen.',
        'To listen to on the way or during a walk. MP3, just over five hours in total.',
      ),
      de: p(
        'Eine Audioserie in sieben Folgen über das Loslassen: von alten Überzeugungen, von Schuld und von der Angst, gesehen zu werden.',
        'Zum Hören unterwegs oder bei einem Spaziergang. MP3, insgesamt gut fünf Stunden.',
      ),
    },
    '29.00',
    'Audio series',
    { kind: 'digital', symbol: 'eye', hue: 32 },
  ),
  digital(
    10_004,
    'eenheid-ontsluierd',
    { nl: 'Eenheid Ontsluierd', en: 'Unity Unveiled', de: 'Einheit enthüllt' },
    {
      nl: p(
        'Wat blijft er over als je alle labels weghaalt? Dit e-book neemt je in korte hoofdstukken mee naar de ervaring van eenheid onder alle verschillen.',
        'PDF en EPUB, 132 pagina’s, met een geleide meditatie als audiobestand.',
      ),
      en: p(
        'What remains when you take away every label? In short chapters this e-book takes you to the experience of unity beneath all differences.',
        'PDF and EPUB, 132 pages, with a guided meditation as an audio file.',
      ),
      de: p(
        'Was bleibt, wenn du alle Etiketten entfernst? In kurzen Kapiteln führt dich dieses E-Book zur Erfahrung der Einheit unter allen Unterschieden.',
        'PDF und EPUB, 132 Seiten, mit einer geführten Meditation als Audiodatei.',
      ),
    },
    '24.00',
    'E-book',
    { kind: 'digital', symbol: 'infinity', hue: 180 },
  ),
  {
    ...digital(
      10_005,
      'lightbody-mastery',
      { nl: 'Lichtlichaam Meesterschap', en: 'Lightbody Mastery', de: 'Lichtkörper-Meisterschaft' },
      {
        nl: p(
          'Een cursus van acht weken over energie, adem en aanwezigheid. Elke week een nieuwe module met uitleg, oefeningen en een verdiepende meditatie.',
          'Kies voor zelfstudie of voor de uitvoering met begeleiding: vier persoonlijke gesprekken online.',
        ),
        en: p(
          'An eight-week course on energy, breath and presence. Every week a new module with explanation, exercises and a deepening meditation.',
          'Choose self-study or the edition with mentoring: four personal conversations online.',
        ),
        de: p(
          'Ein achtwöchiger Kurs über Energie, Atem und Präsenz. Jede Woche ein neues Modul mit Erklärungen, Übungen und einer vertiefenden Meditation.',
          'Wähle das Selbststudium oder die Ausgabe mit Begleitung: vier persönliche Gespräche online.',
        ),
      },
      '147.00',
      'Online course',
      { kind: 'digital', symbol: 'spiral', hue: 48 },
    ),
    options: [
      {
        name: { nl: 'Uitvoering', en: 'Edition', de: 'Ausgabe' },
        values: [
          { key: 'self', label: { nl: 'Zelfstudie', en: 'Self-study', de: 'Selbststudium' } },
          { key: 'mentor', label: { nl: 'Met begeleiding', en: 'With mentoring', de: 'Mit Begleitung' } },
        ],
      },
    ],
    variants: [
      { id: 30_001, options: ['self'], price: '147.00', available: true },
      { id: 30_002, options: ['mentor'], price: '297.00', available: true },
    ],
  },
  digital(
    10_006,
    'universal-god-interface',
    { nl: 'Universal God Interface', en: 'Universal God Interface', de: 'Universal God Interface' },
    {
      nl: p(
        'Een meditatieprogramma van 21 dagen om het contact met de bron in jezelf te herstellen. Elke dag een korte les en een meditatie van vijftien minuten.',
        'Audio en PDF, in het Nederlands, Engels en Duits.',
      ),
      en: p(
        'A 21-day meditation programme to restore the connection with the source within you. Every day a short lesson and a fifteen-minute meditation.',
        'Audio and PDF, in Dutch, English and German.',
      ),
      de: p(
        'Ein 21-tägiges Meditationsprogramm, um die Verbindung zur Quelle in dir wiederherzustellen. Jeden Tag eine kurze Lektion und eine fünfzehnminütige Meditation.',
        'Audio und PDF, auf Niederländisch, Englisch und Deutsch.',
      ),
    },
    '67.00',
    'Meditation programme',
    { kind: 'digital', symbol: 'flower', hue: 290 },
  ),
  digital(
    10_007,
    'universal-health-interface',
    { nl: 'Universal Health Interface', en: 'Universal Health Interface', de: 'Universal Health Interface' },
    {
      nl: p(
        'Een programma van 21 dagen over het samenspel van lichaam en bewustzijn: ademwerk, beweging en rust, opgebouwd in kleine stappen.',
        'Geen vervanging voor medisch advies, wel een uitnodiging om beter naar je lichaam te luisteren.',
      ),
      en: p(
        'A 21-day programme about the interplay of body and consciousness: breathwork, movement and rest, built up in small steps.',
        'Not a replacement for medical advice, but an invitation to listen better to your body.',
      ),
      de: p(
        'Ein 21-tägiges Programm über das Zusammenspiel von Körper und Bewusstsein: Atemarbeit, Bewegung und Ruhe, in kleinen Schritten aufgebaut.',
        'Kein Ersatz für ärztlichen Rat, aber eine Einladung, besser auf deinen Körper zu hören.',
      ),
    },
    '67.00',
    'Meditation programme',
    { kind: 'digital', symbol: 'heart', hue: 340 },
  ),
  clothing(
    20_001,
    'chosen-ones-hoodie',
    { nl: 'Chosen Ones Hoodie', en: 'Chosen Ones Hoodie', de: 'Chosen Ones Hoodie' },
    {
      nl: p(
        'Zware hoodie van biologisch katoen met het Chosen Ones-zegel geborduurd op de borst en groot op de rug. Ruime capuchon, kangoeroezak en geribde boorden.',
        'Eerlijk gemaakt in Portugal. Valt normaal; kies je eigen maat.',
      ),
      en: p(
        'Heavy organic cotton hoodie with the Chosen Ones seal embroidered on the chest and large on the back. Roomy hood, kangaroo pocket and ribbed cuffs.',
        'Fairly made in Portugal. Fits true to size.',
      ),
      de: p(
        'Schwerer Hoodie aus Bio-Baumwolle mit dem Chosen-Ones-Siegel, auf der Brust gestickt und groß auf dem Rücken. Weite Kapuze, Kängurutasche und gerippte Bündchen.',
        'Fair hergestellt in Portugal. Fällt normal aus.',
      ),
    },
    {
      garment: 'hoodie',
      productType: 'Hoodie',
      tags: ['clothing', 'hoodie', 'unisex'],
      sizes: ['S', 'M', 'L', 'XL'],
      colours: ['black', 'midnight', 'cream'],
      price: '69.00',
      soldOut: ['XL/black', 'S/cream'],
      backs: true,
      details: 2,
    },
  ),
  clothing(
    20_002,
    'eenheid-t-shirt',
    { nl: 'Eenheid T-shirt', en: 'Unity T-shirt', de: 'Einheit T-Shirt' },
    {
      nl: p(
        'Zacht T-shirt van biologisch katoen met het Eenheid-symbool in goudkleurige zeefdruk. Licht genoeg voor de zomer, stevig genoeg om lang mee te gaan.',
      ),
      en: p(
        'Soft organic cotton T-shirt with the Unity symbol in gold-coloured screen print. Light enough for summer, sturdy enough to last.',
      ),
      de: p(
        'Weiches T-Shirt aus Bio-Baumwolle mit dem Einheit-Symbol im goldfarbenen Siebdruck. Leicht genug für den Sommer, robust genug für lange Zeit.',
      ),
    },
    {
      garment: 'shirt',
      productType: 'T-shirt',
      tags: ['clothing', 'shirt'],
      sizes: ['S', 'M', 'L', 'XL'],
      colours: ['white', 'black'],
      price: '35.00',
      soldOut: ['M/white'],
      backs: true,
    },
  ),
  clothing(
    20_003,
    'zeven-zegels-longsleeve',
    { nl: 'Zeven Zegels Longsleeve', en: 'Seven Seals Longsleeve', de: 'Sieben Siegel Longsleeve' },
    {
      nl: p(
        'Longsleeve in zachte saliegroene tint met de zeven zegels langs de mouw. Van biologisch katoen.',
      ),
      en: p('Longsleeve in a soft sage green with the seven seals along the sleeve. Made of organic cotton.'),
      de: p('Longsleeve in sanftem Salbeigrün mit den sieben Siegeln entlang des Ärmels. Aus Bio-Baumwolle.'),
    },
    {
      garment: 'longsleeve',
      productType: 'Longsleeve',
      tags: ['clothing', 'apparel'],
      sizes: ['S', 'M', 'L'],
      colours: ['sage'],
      price: '45.00',
    },
  ),
  clothing(
    20_004,
    'lichtwerker-joggingbroek',
    { nl: 'Lichtwerker Joggingbroek', en: 'Lightworker Joggers', de: 'Lichtarbeiter Jogginghose' },
    {
      nl: p(
        'Ruim zittende joggingbroek voor yoga, meditatie en luie zondagen. Met trekkoord en twee zakken.',
      ),
      en: p('Relaxed joggers for yoga, meditation and lazy Sundays. With drawstring and two pockets.'),
      de: p('Bequeme Jogginghose für Yoga, Meditation und faule Sonntage. Mit Kordelzug und zwei Taschen.'),
    },
    {
      garment: 'joggers',
      productType: 'Pants',
      tags: ['clothing', 'pants'],
      sizes: ['S', 'M', 'L', 'XL'],
      colours: ['anthracite'],
      price: '59.00',
      soldOut: ['S/anthracite'],
    },
  ),
  clothing(
    20_005,
    'trinity-jack',
    { nl: 'Trinity Jack', en: 'Trinity Jacket', de: 'Trinity-Jacke' },
    {
      nl: p(
        'Licht overgangsjack met een geborduurde drie-eenheid op de kraag. Deze oplage is uitverkocht; een nieuwe volgt in het voorjaar.',
      ),
      en: p(
        'Light transitional jacket with an embroidered trinity on the collar. This run is sold out; a new one follows in spring.',
      ),
      de: p(
        'Leichte Übergangsjacke mit einer gestickten Dreieinigkeit am Kragen. Diese Auflage ist ausverkauft; eine neue folgt im Frühjahr.',
      ),
    },
    {
      garment: 'jacket',
      productType: 'Jacket',
      tags: ['clothing', 'jacket'],
      sizes: ['M', 'L'],
      colours: ['midnight'],
      price: '119.00',
      soldOut: ['M/midnight', 'L/midnight'],
    },
  ),
  {
    id: 30_101,
    handle: 'eenheid-mok',
    title: { nl: 'Eenheid Mok', en: 'Unity Mug', de: 'Einheit-Becher' },
    descriptionHtml: {
      nl: p(
        'Stevige keramische mok met het Eenheid-symbool, voor je ochtendthee en een moment van stilte. 330 ml, vaatwasserbestendig.',
      ),
      en: p(
        'Sturdy ceramic mug with the Unity symbol, for your morning tea and a moment of stillness. 330 ml, dishwasher safe.',
      ),
      de: p(
        'Robuster Keramikbecher mit dem Einheit-Symbol, für deinen Morgentee und einen Moment der Stille. 330 ml, spülmaschinenfest.',
      ),
    },
    vendor: 'Chosen Ones',
    productType: 'Mug',
    tags: ['merchandise', 'home'],
    options: [],
    variants: [{ id: 50_001, options: [], price: '16.00', available: true }],
    images: [
      img(
        'eenheid-mok.webp',
        { nl: 'Eenheid Mok', en: 'Unity Mug', de: 'Einheit-Becher' },
        {
          kind: 'merch',
          item: 'mug',
          colour: '#f7f5f0',
        },
      ),
    ],
  },
  {
    id: 30_102,
    handle: 'zeven-zegels-poster',
    title: { nl: 'Zeven Zegels Poster', en: 'Seven Seals Poster', de: 'Sieben Siegel Poster' },
    descriptionHtml: {
      nl: p('Kunstdruk van de zeven zegels op zwaar, mat papier. Geleverd zonder lijst.'),
      en: p('Art print of the seven seals on heavy matte paper. Delivered without a frame.'),
      de: p('Kunstdruck der sieben Siegel auf schwerem, mattem Papier. Lieferung ohne Rahmen.'),
    },
    vendor: 'Chosen Ones',
    productType: 'Poster',
    tags: ['merchandise', 'art'],
    options: [
      {
        name: { nl: 'Formaat', en: 'Format', de: 'Format' },
        values: [
          { key: 'A3', label: { nl: 'A3', en: 'A3', de: 'A3' } },
          { key: 'A2', label: { nl: 'A2', en: 'A2', de: 'A2' } },
        ],
      },
    ],
    variants: [
      { id: 50_011, options: ['A3'], price: '25.00', available: true },
      { id: 50_012, options: ['A2'], price: '35.00', available: true },
    ],
    images: [
      img(
        'zeven-zegels-poster.webp',
        { nl: 'Zeven Zegels Poster', en: 'Seven Seals Poster', de: 'Sieben Siegel Poster' },
        {
          kind: 'merch',
          item: 'poster',
          colour: '#231a3d',
        },
      ),
    ],
  },
  {
    id: 30_103,
    handle: 'chosen-ones-tas',
    title: { nl: 'Chosen Ones Draagtas', en: 'Chosen Ones Tote Bag', de: 'Chosen Ones Stoffbeutel' },
    descriptionHtml: {
      nl: p('Stevige katoenen draagtas met lange hengsels, voor de markt, de yogales of de bibliotheek.'),
      en: p('Sturdy cotton tote bag with long handles, for the market, the yoga class or the library.'),
      de: p('Robuster Baumwollbeutel mit langen Henkeln, für den Markt, die Yogastunde oder die Bibliothek.'),
    },
    vendor: 'Chosen Ones',
    productType: 'Bag',
    tags: ['merchandise', 'accessories'],
    options: [],
    variants: [{ id: 50_021, options: [], price: '19.00', available: true }],
    images: [
      img(
        'chosen-ones-tas.webp',
        { nl: 'Chosen Ones Draagtas', en: 'Chosen Ones Tote Bag', de: 'Chosen Ones Stoffbeutel' },
        { kind: 'merch', item: 'tote', colour: COLOURS.natural.hex },
      ),
    ],
  },
  {
    id: 30_104,
    handle: 'meditatiekussen',
    title: { nl: 'Meditatiekussen', en: 'Meditation Cushion', de: 'Meditationskissen' },
    descriptionHtml: {
      nl: p(
        'Rond meditatiekussen gevuld met boekweitdoppen, met een afneembare, wasbare hoes.',
        'Hoogte ongeveer 15 cm.',
      ),
      en: p(
        'Round meditation cushion filled with buckwheat hulls, with a removable, washable cover.',
        'Height about 15 cm.',
      ),
      de: p(
        'Rundes Meditationskissen mit Buchweizenschalen, mit abnehmbarem, waschbarem Bezug.',
        'Höhe etwa 15 cm.',
      ),
    },
    vendor: 'Chosen Ones',
    productType: 'Cushion',
    tags: ['merchandise', 'home'],
    options: [colours(['indigo', 'saffron', 'sage'])],
    variants: (['indigo', 'saffron', 'sage'] as const).map((c, i) => ({
      id: 50_031 + i,
      options: [c],
      price: '49.00',
      available: c !== 'saffron',
      image: `meditatiekussen-${c}.webp`,
    })),
    images: (['indigo', 'saffron', 'sage'] as const).map((c) =>
      img(
        `meditatiekussen-${c}.webp`,
        {
          nl: `Meditatiekussen in ${COLOURS[c].label.nl}`,
          en: `Meditation cushion in ${COLOURS[c].label.en}`,
          de: `Meditationskissen in ${COLOURS[c].label.de}`,
        },
        { kind: 'merch', item: 'cushion', colour: COLOURS[c].hex },
      ),
    ),
  },
];

const collection = (
  id: number,
  handle: string,
  title: LocalText,
  descriptionHtml: LocalText,
  theme: 'digital' | 'clothing' | 'merch',
  productHandles: string[],
): FixtureCollection => ({
  id,
  handle,
  title,
  descriptionHtml,
  image: img(`collection-${handle}.webp`, title, { kind: 'banner', theme }, 1200, 500),
  products: productHandles,
});

const collections: FixtureCollection[] = [
  collection(
    1,
    'digitale-producten',
    { nl: 'Digitale producten', en: 'Digital products', de: 'Digitale Produkte' },
    {
      nl: p(
        'Cursussen, e-books en meditaties om direct mee te beginnen. <strong>Meteen te downloaden</strong> na je bestelling.',
      ),
      en: p(
        'Courses, e-books and meditations to start with right away. <strong>Ready to download</strong> after your order.',
      ),
      de: p(
        'Kurse, E-Books und Meditationen, mit denen du sofort beginnen kannst. <strong>Direkt zum Download</strong> nach deiner Bestellung.',
      ),
    },
    'digital',
    products.filter((x) => x.tags.includes('digital')).map((x) => x.handle),
  ),
  collection(
    2,
    'alle-kleding',
    { nl: 'Alle kleding', en: 'All clothing', de: 'Alle Kleidung' },
    {
      nl: p(
        'Kleding van <strong>biologisch katoen</strong>, eerlijk gemaakt, met symbolen die je herinneren aan wie je bent.',
      ),
      en: p(
        'Clothing made of <strong>organic cotton</strong>, fairly made, with symbols that remind you of who you are.',
      ),
      de: p(
        'Kleidung aus <strong>Bio-Baumwolle</strong>, fair hergestellt, mit Symbolen, die dich daran erinnern, wer du bist.',
      ),
    },
    'clothing',
    products.filter((x) => x.tags.includes('clothing')).map((x) => x.handle),
  ),
  collection(
    3,
    'andere-merchandise',
    { nl: 'Andere merchandise', en: 'Other merchandise', de: 'Weitere Artikel' },
    {
      nl: p('Mokken, posters, tassen en kussens voor je dagelijkse praktijk en je stilteplek thuis.'),
      en: p('Mugs, posters, bags and cushions for your daily practice and your quiet corner at home.'),
      de: p('Becher, Poster, Taschen und Kissen für deine tägliche Praxis und deinen stillen Ort zu Hause.'),
    },
    'merch',
    products.filter((x) => x.tags.includes('merchandise')).map((x) => x.handle),
  ),
];

/*
 * The seven digital products with local translations (SPEC.md section 3) reach English and German
 * visitors through translation metafields, as in the seed's store: Shopify itself answers their
 * Dutch original under @inContext. Every other product and collection is translated by Shopify.
 */
const METAFIELD_TRANSLATED = new Set([
  'trinity-transformatie',
  'the-real-world',
  'the-truth-that-sets-free',
  'eenheid-ontsluierd',
  'lightbody-mastery',
  'universal-god-interface',
  'universal-health-interface',
]);
for (const product of products)
  if (METAFIELD_TRANSLATED.has(product.handle)) product.translatedBy = 'metafields';

/** The default local catalog. */
export const fixtureCatalog: Catalog = { products, collections };
