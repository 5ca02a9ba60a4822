import { describe, expect, it } from 'vitest';
import { findUnsentKeys, islandPages, reachable } from './i18n-islands.ts';

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
