import { createElement, type ReactNode, useEffect } from 'react';

/*
 * What a person typed into a server-rendered form before React took it over. Hydration leaves the
 * field's text on screen but not in the component's state (React 19 keeps the DOM value and sets
 * `defaultValue` to its own), so a sign-in typed on a slow phone answered "Please fill in your
 * e-mail address and password" with both fields filled. mount.ts notes the fields the person
 * changed before hydrating; once hydrated, typed-replay.ts (loaded only then) hands each to React
 * as the change it was: its onChange runs with it.
 */

const NOT_TYPED = new Set(['file', 'hidden', 'submit', 'reset', 'button', 'image']);

export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether the person changed `field` from its defaults (the server's HTML before hydration). */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) return false;
  return field.value !== field.defaultValue;
}

/**
 * The fields under `root` the person has changed from the server's HTML: called before React
 * hydrates, when the defaults are still the server's (a field the app itself renders differently
 * is not the person's doing and is left to it).
 */
export const typedFields = (root: ParentNode): Field[] =>
  [...root.querySelectorAll<Field>('input, textarea, select')].filter(changed);

function Hydrated({ done, children }: { done: () => void; children?: ReactNode }) {
  useEffect(() => done(), [done]);
  return children;
}

/** `element`, calling `done` once it is hydrated (its effects have run). */
export const whenHydrated = (element: ReactNode, done: () => void): ReactNode =>
  createElement(Hydrated, { done }, element);
