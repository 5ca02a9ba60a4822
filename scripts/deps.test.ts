import { describe, expect, it } from 'vitest';
import { astroImportCode, featureCycles } from './deps.ts';

describe('astroImportCode', () => {
  it('keeps the frontmatter and bundled scripts, reads <script src> as an import, skips inline ones', () => {
    const code = astroImportCode(
      [
        '---',
        "import A from '~/features/a/views.ts';",
        '/** <script> import "~/in-a-comment.ts"; </script> */',
        '---',
        '<A />',
        "<script>import '~/features/b/mount-b.ts';</script>",
        '<script src="~/features/c/mount-c.ts"></script>',
        "<script is:inline>import '~/not-bundled.ts';</script>",
      ].join('\n'),
    );
    expect(code).toContain("import A from '~/features/a/views.ts';");
    expect(code).toContain("import '~/features/b/mount-b.ts';");
    expect(code).toContain("import '~/features/c/mount-c.ts';");
    expect(code).not.toContain('not-bundled');
    // The frontmatter's comment is code comment, not a second script to read.
    expect(code.match(/in-a-comment/g)).toHaveLength(1);
  });
});

describe('featureCycles', () => {
  const graph = (edges: Record<string, string[]>) =>
    new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

  it('finds two features tied to each other and longer rings, and nothing in a DAG', () => {
    expect(featureCycles(graph({ cart: ['shop'], shop: ['cart'] }))).toEqual([['cart', 'shop']]);
    expect(featureCycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(featureCycles(graph({ shop: ['cart'], search: ['shop', 'blog'], cart: [], blog: [] }))).toEqual(
      [],
    );
  });
});
