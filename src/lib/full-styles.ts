/**
 * Resolves once the page's full stylesheets have loaded (at once when they have). A React app's
 * page inlines only the rules of its server-rendered markup and loads the full sheet without
 * blocking (`media="print"`, swapped on load: src/lib/build/critical-css.ts); what React renders
 * later needs the full sheet. A signed-in page's first content can now be ready before that sheet
 * (issue 26), and shown without it, it would be drawn unstyled and then jump (a layout shift of
 * 0.54 on /community, Lighthouse). A sheet that fails to load counts as done: the page still shows.
 */
export function fullStyles(doc: Pick<Document, 'querySelectorAll'> = document): Promise<void> {
  const waiting = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][media="print"]')]
    .filter((link) => !link.sheet)
    .map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    );
  return Promise.all(waiting).then(() => undefined);
}
