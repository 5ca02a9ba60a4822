/*
 * Old filter links on the prerendered listing pages (/shop, its pages and collections): a link
 * copied before filters went by handles names an option in the language of its page
 * (`/de/shop?filter.v.option.farbe=Schwarz`); it answers with a 308 to the language-neutral
 * address (`?filter.v.option.color=black`) before the static page is served: by scripts/serve.ts
 * for the node build, by netlify/edge-functions/shop-filter-redirect.ts on Netlify. The handles
 * with the names and value labels of every language are written at build time to
 * /shop-filter-handles.json (src/pages/shop-filter-handles.json.ts). No imports: Node and Deno
 * load this file as it is. The listing's own endpoint redirects the same way (endpoint.ts).
 */

/** Per option handle (`color`): its names in every language, and its value handles by label. */
export type FilterHandles = Record<string, { names: string[]; values: Record<string, string> }>;

const OPTION = 'filter.v.option.';

/** The prerendered listing pages, in every language: /shop, /shop/page/2, /de/shop/collection/x. */
const LISTING_PATH = /^(?:\/(?:en|de))?\/shop(?:\/|$)/;

const label = (text: string) => text.trim().toLowerCase();

/**
 * Where an old filter link should go (path and query, the other parameters kept in order), or
 * null when the address is no listing page or already uses handles. Names and values that match
 * nothing stay as they are (they match no product, as any unknown value).
 */
export function legacyFilterLocation(
  pathname: string,
  search: string,
  handles: FilterHandles,
): string | null {
  if (!LISTING_PATH.test(pathname) || !search.includes(OPTION)) return null;
  const out = new URLSearchParams();
  let changed = false;
  for (const [name, value] of new URLSearchParams(search)) {
    const asked = name.startsWith(OPTION) ? name.slice(OPTION.length) : null;
    const found =
      asked === null
        ? undefined
        : Object.entries(handles).find(([handle, h]) => handle === asked || h.names.includes(label(asked)));
    const [handle, option] = found ?? [];
    const valueHandle = option
      ? Object.values(option.values).includes(value)
        ? value
        : option.values[label(value)]
      : undefined;
    if (!handle || valueHandle === undefined) {
      out.append(name, value);
      continue;
    }
    if (handle !== asked || valueHandle !== value) changed = true;
    out.append(`${OPTION}${handle}`, valueHandle);
  }
  return changed ? `${pathname}?${out}` : null;
}
