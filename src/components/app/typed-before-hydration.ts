import { createElement, type ReactNode, useEffect } from 'react';

/*
 * What a person typed into a server-rendered form before React took it over. Hydration leaves the
 * field's text on screen but not in the component's state (React 19 keeps the DOM value and sets
 * `defaultValue` to its own), so a sign-in typed on a slow phone answered "Please fill in your
 * e-mail address and password" with both fields filled. Once hydrated, each field that differs
 * from what React rendered is handed to React as the change it was: its onChange runs with it.
 */

const valueSetter = (element: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
const checkedSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set;
const NOT_TYPED = new Set(['file', 'hidden', 'submit', 'reset', 'button', 'image']);

/** Replays the fields under `root` that differ from what React rendered; returns how many. */
export function replayTyped(root: ParentNode): number {
  let replayed = 0;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  )) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) {
        field.dispatchEvent(new Event('change', { bubbles: true }));
        replayed++;
      }
      continue;
    }
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      const checked = field.checked;
      // React's value tracker learns the rendered state, the element gets the person's again, and
      // React reads a click (its change event for these) that changed it; a plain Event toggles nothing.
      field.checked = field.defaultChecked;
      checkedSetter?.call(field, checked);
      field.dispatchEvent(new Event('click', { bubbles: true }));
      replayed++;
      continue;
    }
    if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) continue;
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    valueSetter(field)?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    replayed++;
  }
  return replayed;
}

/** Renders `children`; once they are hydrated, replays what was typed into `root` before. */
export function TypedBeforeHydration({ root, children }: { root: ParentNode; children: ReactNode }) {
  useEffect(() => {
    replayTyped(root);
  }, [root]);
  return children;
}

/** `element` wrapped so that its island's early typing reaches it (mount.ts). */
export const withTypedReplay = (root: ParentNode, element: ReactNode) =>
  createElement(TypedBeforeHydration, { root }, element);
