import { describe, expect, it } from 'vitest';
import { findUnsentKeys, islandPages, keysIn, reachable } from './i18n-islands.ts';

/* Planted examples for the island-key part of `npm run i18n:check`. */

const spec = (groups: string) =>
  [
    "import type { SignedInPageSpec } from '~/lib/signed-in-page.ts';",
    "import DemoApp from './DemoApp.tsx';",
    "export const demoIsland = { island: 'demo', component: DemoApp };",
    `export const demoPage: SignedInPageSpec = { ...demoIsland, path: '/demo', title: 'demo.title', groups: ${groups} };`,
  ].join('\n');

const files = (groups: string, extra: Record<string, string> = {}) =>
  new Map(
    Object.entries({
      'src/features/demo/demo-page.ts': spec(groups),
      'src/features/demo/DemoApp.tsx':
        "import { Row } from './Row.tsx';\nimport { Gate } from '~/features/auth/islands.ts';\nexport default () => <Row label={t('demo.title')} />;",
      'src/features/demo/Row.tsx': "export const Row = () => <p>{tr('app.loading')}</p>;",
      'src/features/auth/islands.ts':
        "export { Gate } from './Gate.tsx';\nexport { Password } from './Password.tsx';",
      'src/features/auth/Gate.tsx': "export const Gate = () => t('app.signIn');",
      'src/features/auth/Password.tsx': "export const Password = () => t('auth.passwordHint');",
      ...extra,
    }),
  );

const defined = new Set([
  'demo.title',
  'app.loading',
  'app.signIn',
  'auth.passwordHint',
  'demo.items.one',
  'demo.items.other',
]);

describe('keys an island uses that its page does not send', () => {
  it('passes when the groups cover every key the island reaches', () => {
    expect(findUnsentKeys(files("['app.', 'demo.']"), defined)).toEqual([]);
  });

  it('reports a key of an imported component that no group covers', () => {
    expect(findUnsentKeys(files("['demo.']"), defined)).toEqual([
      'src/features/demo/demo-page.ts: its island uses "app.loading" (src/features/demo/Row.tsx), which the page does not send',
      'src/features/demo/demo-page.ts: its island uses "app.signIn" (src/features/auth/Gate.tsx), which the page does not send',
    ]);
  });

  it('follows only the re-exports the island imports, and reads groups from an imported constant', () => {
    const shared = { 'src/features/demo/groups.ts': "export const demoGroups = ['app.', 'demo.'] as const;" };
    const withConstant = files('demoGroups', shared);
    withConstant.set(
      'src/features/demo/demo-page.ts',
      `import { demoGroups } from './groups.ts';\n${spec('demoGroups')}`,
    );
    expect(islandPages(withConstant)[0]?.groups).toEqual(['app.', 'demo.']);
    expect(reachable('src/features/demo/DemoApp.tsx', withConstant)).not.toContain(
      'src/features/auth/Password.tsx',
    );
    expect(findUnsentKeys(withConstant, defined)).toEqual([]);
  });

  it('covers a counted key by its forms', () => {
    const counted = files("['app.', 'demo.items.']", {
      'src/features/demo/Row.tsx':
        "export const Row = () => <p>{tr('app.loading')}{t('demo.items', { count })}</p>;",
    });
    expect(findUnsentKeys(counted, defined)).toEqual([
      'src/features/demo/demo-page.ts: its island uses "demo.title" (src/features/demo/DemoApp.tsx), which the page does not send',
    ]);
  });
});

/* Islands that pick their own texts: an .astro file's <script>, what it and its components send. */
const astroFiles = (extra: Record<string, string> = {}) =>
  new Map(
    Object.entries({
      'src/pages/login.astro': [
        '---',
        "import ReactIsland from '~/components/ReactIsland.astro';",
        "import Shell from '~/layouts/Shell.astro';",
        "import { LoginForm } from '~/features/login/pages.ts';",
        "const messages = { ...messagesWithPrefix(lang, 'login.') };",
        '---',
        '<Shell><ReactIsland name="login" component={LoginForm} props={{ messages }} /></Shell>',
        '<script>',
        "  import { LoginForm } from '~/features/login/pages.ts';",
        "  mount('login', LoginForm);",
        '</script>',
      ].join('\n'),
      'src/components/ReactIsland.astro': '---\n---\n<div />',
      'src/features/login/pages.ts': "export { LoginForm } from './LoginForm.tsx';",
      'src/features/login/LoginForm.tsx':
        "export const LoginForm = ({ m }) => <p>{m('login.title')}{failed && errorText(m, failed)}</p>;",
      'src/layouts/Shell.astro': [
        '---',
        "import { Bell } from '~/features/bell/views.ts';",
        '---',
        '<Bell /><slot />',
        '<script>',
        "  import { initBell } from '~/features/bell/panel.ts';",
        '  initBell();',
        '</script>',
      ].join('\n'),
      'src/features/bell/views.ts': "export { default as Bell } from './Bell.astro';",
      'src/features/bell/Bell.astro': "---\n---\n<button data-texts-url={clientTextsUrl('bell', lang)} />",
      'src/features/bell/server.ts':
        "export function bellMessages(lang) {\n  return messagesWithPrefix(lang, 'bell.');\n}",
      'src/pages/texts/[group].json.ts':
        'const groups: Record<ClientTextGroup, (lang: Locale) => Record<string, string>> = {\n  bell: bellMessages,\n};',
      'src/features/bell/panel.ts':
        "export async function initBell() {\n  const t = await fetchClientTexts(url, lang);\n  t('bell.title');\n}",
      ...extra,
    }),
  );
const astroDefined = new Set(['login.title', 'bell.title', 'error.unknown', 'cart.remove']);

describe('keys of islands an .astro file starts itself (/auth, the shop listing, the header)', () => {
  it('reports a key the island uses that neither the file nor its components send', () => {
    expect(findUnsentKeys(astroFiles(), astroDefined)).toEqual([
      'src/pages/login.astro: its island uses "error.unknown" (src/features/login/LoginForm.tsx), which the page does not send',
    ]);
  });

  it('passes once the page sends the group, and counts a fetched /texts group only for a script that fetches it', () => {
    const fixed = astroFiles();
    fixed.set(
      'src/pages/login.astro',
      (fixed.get('src/pages/login.astro') ?? '').replace(
        "messagesWithPrefix(lang, 'login.') }",
        "messagesWithPrefix(lang, 'login.'), ...messagesWithPrefix(lang, 'error.') }",
      ),
    );
    expect(findUnsentKeys(fixed, astroDefined)).toEqual([]);
    // The bell's texts are fetched by its panel; served under another group they are missing.
    const wrongGroup = astroFiles({
      'src/features/bell/Bell.astro': "---\n---\n<button data-texts-url={clientTextsUrl('other', lang)} />",
    });
    expect(findUnsentKeys(wrongGroup, astroDefined)).toContain(
      'src/layouts/Shell.astro: its island uses "bell.title" (src/features/bell/panel.ts), which the page does not send',
    );
  });

  it('counts a feature dictionary the island bundles (the cart imports its texts)', () => {
    const cart = astroFiles({
      'src/features/cart/Cart.astro':
        "---\n---\n<cart-page />\n<script>\n  import './cart-view.ts';\n</script>",
      'src/features/cart/cart-view.ts':
        "import { cartMessages } from '~/i18n/messages/cart.ts';\nm['cart.remove'];",
      'src/i18n/messages/cart.ts':
        "export const cartMessages = defineMessages({\n  en: {\n    'cart.remove': 'Remove',\n  },\n});",
    });
    expect(findUnsentKeys(cart, astroDefined).filter((p) => p.includes('Cart.astro'))).toEqual([]);
    cart.set('src/features/cart/cart-view.ts', "m['cart.remove'];");
    expect(findUnsentKeys(cart, astroDefined).filter((p) => p.includes('Cart.astro'))).toEqual([
      'src/features/cart/Cart.astro: its island uses "cart.remove" (src/features/cart/cart-view.ts), which the page does not send',
    ]);
  });
});

describe('the error texts a failure toast reads', () => {
  it('counts a call of errorText or showFailure as using `error.`, not their definitions', () => {
    expect(keysIn("void showFailure(t('feed.failed'), t, error);")).toEqual(['feed.failed', 'error.unknown']);
    expect(keysIn('setError(errorText(m, failure));')).toEqual(['error.unknown']);
    expect(keysIn('export async function showFailure(title: string) {}')).toEqual([]);
    expect(keysIn('export function errorText(t: Lookup, error: unknown) {}')).toEqual([]);
    expect(keysIn('const text = errors.errorText(t, error);')).toEqual([]);
  });
});
