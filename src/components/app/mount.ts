import { type ComponentType, createElement, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandIdPrefix } from './island-id.ts';
import { withTypedReplay } from './typed-before-hydration.ts';

/**
 * Hydrates the server-rendered <ReactIsland name={name}> of this page with its component and the
 * props it was rendered with. Marks the element `data-hydrated` once React has taken it over (tests
 * wait for that before they click). What was typed into its fields before reaches the app as the
 * changes it was (typed-before-hydration.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: props come from the page as JSON
export function mount(name: string, Component: ComponentType<any>): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-react-island="${name}"]`)) {
    if (element.hasAttribute('data-hydrated')) continue;
    let props: Record<string, unknown> = {};
    try {
      props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
    } catch {
      // The page wrote these props itself; a broken value renders the app with its defaults.
    }
    startTransition(() => {
      hydrateRoot(element, withTypedReplay(element, createElement(Component, props)), {
        identifierPrefix: islandIdPrefix(name),
      });
    });
    element.setAttribute('data-hydrated', '');
  }
}
