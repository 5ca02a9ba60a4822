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
const NOT_TYPED = new Set(['file', 'hidden', 'submit', 'reset', 'button', 'image']);

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether the person changed `field` from what React rendered (React set its defaults to that). */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) return false;
  return field.value !== field.defaultValue;
}

/** What the person made of `field`: its text, or whether it is checked. */
const state = (field: Field): string | boolean => (isCheckable(field) ? field.checked : field.value);

/** Hands `field` to React as the event its onChange listens to, with what the person made of it. */
function replay(field: Field, made: string | boolean): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (isCheckable(field)) {
    // React's value tracker learns the rendered state, the element gets the person's again, and
    // React reads a click (its change event for these) that changed it; a plain Event toggles nothing.
    field.checked = field.defaultChecked;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(field, made);
    field.dispatchEvent(new Event('click', { bubbles: true }));
  } else {
    field.value = field.defaultValue;
    valueSetter(field)?.call(field, made);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * The fields under `root` the person has changed from the server's HTML: called before React
 * hydrates, when the defaults are still the server's (a field the app itself renders differently
 * is not the person's doing and is left to it).
 */
const typedFields = (root: ParentNode): Field[] =>
  [...root.querySelectorAll<Field>('input, textarea, select')].filter(changed);

/**
 * Hands `fields` to React once it has hydrated them, all in one task, each with what it held when
 * the first was handed over (React's render after one change would set the next field back to its
 * state). Their changes render together, so the app's handlers should update the latest state
 * (`setValues((current) => ...)`), as they must for autofill anyway.
 */
function replayTyped(fields: readonly Field[]): void {
  const made = fields.map((field) => [field, state(field)] as const);
  for (const [field, value] of made) if (field.isConnected && changed(field)) replay(field, value);
}

/**
 * Renders `children`; once they are hydrated, replays `fields` (typed before, `typedFields`), then
 * calls `ready`.
 */
function TypedBeforeHydration({
  fields,
  ready,
  children,
}: {
  fields: readonly Field[];
  ready: () => void;
  children?: ReactNode;
}) {
  useEffect(() => {
    if (!fields.length) return ready();
    // Out of the effect: changes made inside one wait for it to end.
    setTimeout(() => {
      replayTyped(fields);
      ready();
    });
  }, [fields, ready]);
  return children;
}

/**
 * `element` wrapped so that the early typing in `root` reaches it, and `ready` is called once it is
 * hydrated with that typing handed over (mount.ts).
 */
export function withTypedReplay(root: ParentNode, element: ReactNode, ready: () => void): ReactNode {
  return createElement(TypedBeforeHydration, { fields: typedFields(root), ready }, element);
}
