import { describe, expect, it } from 'vitest';
import { findLiterals } from './i18n-literals.ts';

/* Planted examples for the hard-coded-text part of `npm run i18n:check`. */

describe('readable literals in components', () => {
  it('reports JSX text, a string child and readable attributes of a .tsx component', () => {
    const text = [
      'export function Card({ t }) {',
      '  return (',
      '    <div title="Open the card" data-x="not read">',
      '      <p>Save changes</p>',
      "      {'Loading more'}",
      '      <input placeholder={"Search members"} aria-label={t(\'a.b\')} />',
      '      <img alt="A photo" src="x.png" />',
      '    </div>',
      '  );',
      '}',
    ].join('\n');
    expect(findLiterals([{ path: 'src/Card.tsx', text }])).toEqual([
      'src/Card.tsx:3: title= "Open the card"',
      'src/Card.tsx:4: text "Save changes"',
      'src/Card.tsx:5: text "Loading more"',
      'src/Card.tsx:6: placeholder= "Search members"',
      'src/Card.tsx:7: alt= "A photo"',
    ]);
  });

  it('reports text and attributes in an .astro template, not in its frontmatter, script or expressions', () => {
    const text = [
      '---',
      "const note = 'Frontmatter is code';",
      '---',
      '<section aria-label="Latest posts">',
      "  <h2>{tr('blog.title')}</h2>",
      '  <p>Read more</p>',
      '  {items.map((i) => <li>{i}</li>)}',
      '</section>',
      '<script>const s = "<b>in a script</b>";</script>',
    ].join('\n');
    expect(findLiterals([{ path: 'src/X.astro', text }])).toEqual([
      'src/X.astro:6: text "Read more"',
      'src/X.astro:4: aria-label= "Latest posts"',
    ]);
  });

  it('lets pass symbols, numbers, allow-listed brand names and keys handed to a translating component', () => {
    const tsx = [
      '<>',
      '  <span aria-hidden="true">← </span>',
      '  <b>42 %</b>',
      '  <i>Timeline Alchemy</i>',
      '  <Result title="newsletter.page.invalid" />',
      "  <p>{t('a.b')}</p>",
      '</>',
    ].join('\n');
    const astro =
      '---\n---\n<span aria-hidden="true" class="logo">Chosen Ones</span> <a title="shop.title">×</a>';
    expect(
      findLiterals([
        { path: 'src/Ok.tsx', text: tsx },
        { path: 'src/Ok.astro', text: astro },
        { path: 'src/code.ts', text: "const s = 'Plain code is not a component';" },
      ]),
    ).toEqual([]);
  });

  it('reports text passed as data: option lists, label/title fields and toasts, raw error messages', () => {
    const tsx = [
      "const CHANNELS = ['Blog Post', 'Custom Post'];",
      "const SORTS = [{ value: 'new', label: 'Newest' }];",
      'export function Save() {',
      "  const fail = (error: Error) => showToast({ title: t('x.failed'), description: error.message });",
      '  return <Select options={SORTS} />;',
      '}',
    ].join('\n');
    const script = [
      "showToast({ title: 'Saved', variant: 'success' });",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted source text holds a template
      'showToast({ title: `Could not save: ${err.message}` });',
    ].join('\n');
    expect(
      findLiterals([
        { path: 'src/Save.tsx', text: tsx },
        { path: 'src/save.ts', text: script },
      ]),
    ).toEqual([
      'src/Save.tsx:1: option "Blog Post"',
      'src/Save.tsx:1: option "Custom Post"',
      'src/Save.tsx:2: label: "Newest"',
      'src/Save.tsx:4: description: a raw error message',
      'src/save.ts:1: title: "Saved"',
      'src/save.ts:2: title: a raw error message',
    ]);
  });

  it('lets pass data that is no text: keys, event names, brands, translated fields and the stand-ins', () => {
    const tsx = [
      "const EVENTS = ['focusin', 'pointerdown'];",
      "const PLATFORMS = ['Instagram', 'Facebook'];",
      "const SORTS = [{ value: 'new', label: t('shop.sort.new') }, { label: 'shop.sort.old' }];",
      'showToast({ title: errorText(t, error), description: describe(error.message) });',
    ].join('\n');
    expect(
      findLiterals([
        { path: 'src/Ok.tsx', text: tsx },
        { path: 'src/lib/storefront/local/fixtures/shirt.ts', text: "const p = { title: 'Einheit Shirt' };" },
      ]),
    ).toEqual([]);
  });
});
