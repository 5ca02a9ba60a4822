import { type Field, isCheckable } from './typed-before-hydration.ts';

/*
 * Loaded by mount.ts only when a person typed before the island hydrated (typed-before-hydration.ts).
 */

const valueSetter = (element: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;

/** What the person made of `field`: its text or choice, or whether it is checked. */
const state = (field: Field): string | boolean => (isCheckable(field) ? field.checked : field.value);

/**
 * Hands `field` to React as the event its onChange listens to, with what the person made of it
 * (`made`), unless that is what React holds (its defaults are React's once hydrated).
 */
function replay(field: Field, made: string | boolean): void {
  if (field instanceof HTMLSelectElement) {
    field.value = made as string;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (isCheckable(field)) {
    if (made === field.defaultChecked) return;
    // React's value tracker learns the rendered state, the element gets the person's again, and
    // React reads a click (its change event for these) that changed it; a plain Event toggles nothing.
    field.checked = field.defaultChecked;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(field, made);
    field.dispatchEvent(new Event('click', { bubbles: true }));
  } else if (made !== field.defaultValue) {
    field.value = field.defaultValue;
    valueSetter(field)?.call(field, made);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Hands `fields` to React once it has hydrated them, each with what it held before the first was
 * handed over: React renders after each change (a controlled field's event ends in a render), which
 * sets the fields not handed over yet back to its state.
 */
export function replayTyped(fields: readonly Field[]): void {
  const made = fields.map((field) => [field, state(field)] as const);
  for (const [field, value] of made) if (field.isConnected) replay(field, value);
}
