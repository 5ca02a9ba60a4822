import type { ComponentType } from 'react';
import type { Locale } from '~/i18n/locales.ts';
import type { MessageKey } from '~/i18n/t.ts';
import type { RestRead } from '~/lib/supabase/early.ts';

/**
 * What a feature declares for one of its signed-in pages; src/layouts/SignedInPage.astro renders it
 * (layout, heading, the island rendered on the server with its texts) and the feature's
 * `mount-<page>.ts` hydrates it in the browser with `mount(page.island, page.component)`.
 * Keep `props` light: the mount script imports this object, so what `props` imports ships too.
 */
export type SignedInPageSpec = {
  /** The island's name in the page (`data-react-island`), shared by server render and mount. */
  island: string;
  // biome-ignore lint/suspicious/noExplicitAny: any app with JSON-serialisable props
  component: ComponentType<any>;
  /** The address without language prefix (a page with an id in it passes its own). */
  path: string;
  title: MessageKey;
  /** Pages in the default frame: the meta description, the h1 and the line under it. */
  description?: MessageKey;
  heading?: MessageKey;
  lead?: MessageKey;
  /**
   * A page anyone may open (the Timeline Alchemy review link). Every other page is gated: a visitor
   * without a stored session is sent to sign in before anything loads (SessionGate), then useGate.
   */
  public?: true;
  /** Pages in the Timeline Alchemy frame (its navigation for that area) instead of the default. */
  area?: 'admin' | 'client' | 'public';
  /** Message key prefixes; the island gets those texts as its `messages` prop. */
  groups: readonly string[];
  /**
   * The page's first reads, started by an inline script before React and the data client load
   * (src/lib/supabase/early.ts): built with `ME` (the stored session's user) and `ADDRESS_ID` (the
   * id in the address) by the same functions the page's data module reads with.
   */
  early?: () => RestRead[];
  /** Further props of the island, from the language (paths, the Intl locale). */
  props?: (lang: Locale) => Record<string, unknown>;
  /** The default frame's classes (`container-page py-10`) and its h1's (`text-4xl`), where they differ. */
  frameClass?: string;
  headingClass?: string;
};
