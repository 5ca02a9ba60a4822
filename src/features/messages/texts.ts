/** A translator over the texts handed to an island (messagesWithPrefix), with {name} parameters. */
export type Tr = (key: string, params?: Record<string, string | number>) => string;

export function makeTr(messages: Record<string, string>): Tr {
  return (key, params) => {
    const text = messages[key] ?? key;
    return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : text;
  };
}
