/** A message lookup over texts handed to an island as props; `{name}` placeholders filled in. */
export type Tr = (key: string, params?: Record<string, string | number>) => string;

/** Binds an island's texts (from messagesWithPrefix) to a lookup; an unknown key shows itself. */
export function bindMessages(messages: Record<string, string>): Tr {
  return (key, params) => {
    const text = messages[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  };
}
