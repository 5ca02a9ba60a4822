/**
 * Declares a feature's messages in all three languages at once. English defines the keys; nl and
 * de must have exactly the same ones, so a missing translation is a type error.
 */
export function defineMessages<const E extends Record<string, string>>(messages: {
  en: E;
  nl: { [K in keyof E]: string };
  de: { [K in keyof E]: string };
}) {
  return messages;
}
