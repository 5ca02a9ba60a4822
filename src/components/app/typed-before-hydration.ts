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

/** Hands one changed field to React as the event its onChange listens to. */
function replay(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (isCheckable(field)) {
    const checked = field.checked;
    // React's value tracker learns the rendered state, the element gets the person's again, and
    // React reads a click (its change event for these) that changed it; a plain Event toggles nothing.
    field.checked = field.defaultChecked;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(field, checked);
    field.dispatchEvent(new Event('click', { bubbles: true }));
  } else {
    const typed = field.value;
    field.value = field.defaultValue;
    valueSetter(field)?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** The next task: React has rendered the change before (its updates flush in a microtask). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * The fields under `root` the person has changed from the server's HTML: called before React
 * hydrates, when the defaults are still the server's (a field the app itself renders differently
 * is not the person's doing and is left to it).
 */
const typedFields = (root: ParentNode): Field[] =>
  [...root.querySelectorAll<Field>('input, textarea, select')].filter(changed);

/**
 * Hands `fields` to React, once it has hydrated them, one task apart (a form whose handlers copy
 * their state, `{ ...values, email }`, then sees each change on the state the one before left).
 */
async function replayTyped(fields: readonly Field[]): Promise<void> {
  for (const [index, field] of fields.entries()) {
    if (index > 0) await nextTask();
    if (field.isConnected && changed(field)) replay(field);
  }
}

/** Renders `children`; once they are hydrated, replays `fields` (typed before, `typedFields`). */
function TypedBeforeHydration({
  fields,
  children,
}: {
  fields: readonly Field[];
  children?: ReactNode;
}) {
  useEffect(() => {
    // Out of the effect: changes made inside one wait for it to end, all on the same first state.
    if (fields.length) setTimeout(() => void replayTyped(fields));
  }, [fields]);
  return children;
}

/** `element` wrapped so that the early typing in `root` reaches it (mount.ts). */
export function withTypedReplay(root: ParentNode, element: ReactNode): ReactNode {
  return createElement(TypedBeforeHydration, { fields: typedFields(root) }, element);
}
