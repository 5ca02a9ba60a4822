import { type ComponentType, createElement, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandIdPrefix } from './island-id.ts';
import { typedFields, whenHydrated } from './typed-before-hydration.ts';

const started = new WeakSet<Element>();

/**
 * Hydrates the server-rendered <ReactIsland name={name}> of this page with its component and the
 * props it was rendered with. What was typed into its fields before reaches the app as the changes
 * it was (typed-before-hydration.ts); then the element is marked `data-hydrated` (tests wait for
 * that before they click, as a person who sees the page ready).
 */
// biome-ignore lint/suspicious/noExplicitAny: props come from the page as JSON
export function mount(name: string, Component: ComponentType<any>): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-react-island="${name}"]`)) {
    if (started.has(element)) continue;
    started.add(element);
    let props: Record<string, unknown> = {};
    try {
      props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
    } catch {
      // The page wrote these props itself; a broken value renders the app with its defaults.
    }
    const typed = typedFields(element);
    const ready = () => element.setAttribute('data-hydrated', '');
    const hydrated = () => {
      if (!typed.length) return ready();
      import('./typed-replay.ts')
        .then(({ replayTyped }) => replayTyped(typed))
        .catch(() => {}) // offline: the fields keep their text, as before
        .finally(ready);
    };
    startTransition(() => {
      hydrateRoot(element, whenHydrated(createElement(Component, props), hydrated), {
        identifierPrefix: islandIdPrefix(name),
      });
    });
  }
}
