import { bindMessages, type TextsFor } from '~/i18n/bind.ts';
import { formatNumber } from '~/i18n/format.ts';
import { asLocale, defaultLocale } from '~/i18n/locales.ts';
import { fetchJson } from '~/lib/http/fetch-json.ts';
import type { CardData } from './card-data.ts';
import type { ListingAnswer } from './endpoint.ts';
import {
  isDefaultState,
  type ListingState,
  paramsFromState,
  stateFromParams,
  valueParam,
} from './url-state.ts';

/*
 * The listing in the browser (/shop, collections; /search can reuse it with its own endpoint
 * answering a ListingAnswer): the first paint is the pre-rendered page; sort and filter changes
 * (and paging through a filtered list) are fetched from /api/shop/products and drawn without a
 * reload. The URL follows every change (pushState), the back button replays it, a live region
 * tells the new count, and focus moves to the results after a deliberate "show"/page step.
 */

export type ListingConfig = {
  endpoint: string;
  lang: string;
  intlLocale: string;
  /** Fixed query parameters of every request besides lang, sort and filters: `{collection: 'all'}`, `{q: 'hoodie'}`. */
  query: Record<string, string>;
  sorts: string[];
  defaultSort: string;
  /** The first page's address (filters and sort are always applied from there). */
  basePath: string;
  messages: TextsFor<'listing.'>;
};

function setUp(root: HTMLElement): void {
  const config = JSON.parse(root.dataset.listing ?? '{}') as ListingConfig;
  const form = root.querySelector<HTMLFormElement>('form[data-listing-form]');
  const grid = root.querySelector<HTMLElement>('[data-listing-grid-wrap] > ul');
  const status = root.querySelector<HTMLElement>('[data-listing-status]');
  const heading = root.querySelector<HTMLElement>('[data-listing-heading]');
  const template = root.querySelector<HTMLTemplateElement>('template[data-card-template]');
  const pagerSlot = root.querySelector<HTMLElement>('[data-listing-pager-slot]');
  if (!form || !grid || !status || !heading || !template || !pagerSlot) return;
  const lang = asLocale(config.lang) ?? defaultLocale;
  const t = bindMessages(config.messages, lang);
  const staticPath = location.pathname;
  const staticView = { grid: grid.innerHTML, status: status.textContent ?? '', pager: pagerSlot.innerHTML };
  let controller: AbortController | null = null;

  const stateOfForm = (): ListingState => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
    }
    return stateFromParams(params, config.sorts, config.defaultSort);
  };
  const stateOfUrl = () =>
    stateFromParams(new URLSearchParams(location.search), config.sorts, config.defaultSort);
  const urlOf = (state: ListingState) => {
    const query = paramsFromState(state, config.defaultSort).toString();
    return query ? `${config.basePath}?${query}` : config.basePath;
  };

  /** The form shows a state: sort, checked boxes, price fields (after back/forward). */
  const showInForm = (state: ListingState) => {
    const params = paramsFromState({ ...state, after: null, before: null }, '');
    for (const el of Array.from(form.elements)) {
      if (el instanceof HTMLSelectElement && el.name === 'sort') el.value = state.sort;
      else if (el instanceof HTMLInputElement && el.type === 'checkbox')
        el.checked = params.getAll(el.name).includes(el.value);
      else if (el instanceof HTMLInputElement && el.type === 'number') el.value = params.get(el.name) ?? '';
    }
    const active = root.querySelector('[data-active-count]');
    const count = state.filters.length;
    // Filters in force are shown (a shared link opens with its filters visible).
    const panel = root.querySelector<HTMLDetailsElement>('details[data-filter-panel]');
    if (panel && count) panel.open = true;
    if (active) active.textContent = count ? `(${t('listing.filters.active', { count })})` : '';
  };

  // The template is a card for sale, so it carries the quick-add button (a delegated listener in
  // shop/quick-add.ts handles its clicks); its label names the sample product, replaced per card.
  const sampleTitle = template.content.querySelector('a')?.textContent?.trim() ?? '';
  const card = (data: CardData): Node => {
    const node = template.content.firstElementChild?.cloneNode(true) as HTMLElement;
    const add = node.querySelector<HTMLButtonElement>('button[data-quick-add]');
    if (add && data.soldOut) add.remove();
    else if (add) {
      add.dataset.handle = data.handle;
      const label = add.getAttribute('aria-label') ?? '';
      add.setAttribute('aria-label', sampleTitle ? label.replace(sampleTitle, data.title) : data.title);
    }
    const img = node.querySelector('img');
    if (img && data.image) {
      img.src = data.image.url;
      img.width = data.image.width;
      img.height = data.image.height;
    } else img?.remove();
    const link = node.querySelector('a');
    if (link) {
      link.href = data.url;
      link.textContent = data.title;
    }
    const price = node.querySelector('[data-card-price]');
    if (price) price.textContent = data.price;
    if (!data.soldOut) node.querySelector('[data-card-sold-out]')?.remove();
    return node;
  };

  const pagerLink = (rel: 'prev' | 'next', state: ListingState, label: string) => {
    const a = document.createElement('a');
    a.href = urlOf(state);
    a.rel = rel;
    a.className = 'btn-secondary';
    a.dataset.listingPage = '';
    a.textContent = rel === 'prev' ? `← ${label}` : `${label} →`;
    return a;
  };

  const draw = (state: ListingState, answer: ListingAnswer) => {
    grid.replaceChildren(...answer.products.map(card));
    const { pageInfo } = answer;
    const nav = document.createElement('nav');
    nav.setAttribute('aria-label', t('listing.pager.label'));
    nav.className = 'flex flex-wrap items-center justify-center gap-4';
    const base = { ...state, after: null, before: null };
    if (pageInfo.hasPreviousPage && pageInfo.startCursor)
      nav.append(pagerLink('prev', { ...base, before: pageInfo.startCursor }, t('listing.pager.previous')));
    if (pageInfo.hasNextPage && pageInfo.endCursor)
      nav.append(pagerLink('next', { ...base, after: pageInfo.endCursor }, t('listing.pager.next')));
    pagerSlot.replaceChildren(...(nav.childElementCount ? [nav] : []));
    const text = !answer.products.length
      ? t('listing.empty')
      : answer.total != null
        ? t('listing.results', { count: answer.total })
        : t('listing.resultsPage', { count: answer.products.length });
    status.textContent = text;
    // Counts follow the filters in force; a value that would give nothing cannot be chosen.
    for (const f of answer.filters) {
      for (const v of f.values) {
        const [name, value] = valueParam(f.id, v) ?? [];
        if (!name) continue;
        const box = Array.from(form.querySelectorAll<HTMLInputElement>('input[type=checkbox]')).find(
          (b) => b.name === name && b.value === value,
        );
        if (!box) continue;
        box.disabled = v.count === 0 && !box.checked;
        const count = box.parentElement?.querySelector('[data-count]');
        if (count) count.textContent = `(${formatNumber(v.count, lang)})`;
      }
    }
  };

  const show = async (state: ListingState, { push, focus }: { push: boolean; focus: boolean }) => {
    if (push) history.pushState({ listing: true }, '', urlOf(state));
    showInForm(state);
    controller?.abort();
    if (isDefaultState(state, config.defaultSort) && location.pathname === staticPath) {
      grid.innerHTML = staticView.grid;
      pagerSlot.innerHTML = staticView.pager;
      status.textContent = staticView.status;
      root.removeAttribute('aria-busy');
      if (focus) heading.focus();
      return;
    }
    controller = new AbortController();
    root.setAttribute('aria-busy', 'true');
    status.textContent = t('listing.loading');
    const params = paramsFromState(state, '');
    params.set('lang', config.lang);
    for (const [name, value] of Object.entries(config.query)) params.set(name, value);
    const answer = await fetchJson<ListingAnswer>(`${config.endpoint}?${params}`, {
      signal: controller.signal,
    });
    if (!answer.ok && answer.code === 'aborted') return;
    root.removeAttribute('aria-busy');
    if (!answer.ok) {
      status.textContent = t('listing.error');
      return;
    }
    // An old, language-specific filter link: the endpoint redirected it; the address follows.
    const canonical = answer.data.query;
    if (canonical != null && canonical !== paramsFromState(state, '').toString()) {
      const shown = stateFromParams(new URLSearchParams(canonical), config.sorts, config.defaultSort);
      history.replaceState(history.state, '', urlOf(shown));
      showInForm(shown);
    }
    draw(state, answer.data);
    if (focus) heading.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void show(stateOfForm(), { push: true, focus: true });
  });
  form.addEventListener('change', (event) => {
    // Number fields apply on Enter or the button, so typing "1", "15" does not fetch twice.
    if (event.target instanceof HTMLInputElement && event.target.type === 'number') return;
    void show(stateOfForm(), { push: true, focus: false });
  });
  root.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>(
      'a[data-listing-page], a[data-listing-clear]',
    );
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const target = new URL(link.href);
    if (target.pathname !== config.basePath) return; // static pages are real pages
    event.preventDefault();
    const state = stateFromParams(target.searchParams, config.sorts, config.defaultSort);
    void show(state, { push: true, focus: true });
  });
  window.addEventListener('popstate', () => {
    if (location.pathname !== staticPath && location.pathname !== config.basePath) return;
    void show(stateOfUrl(), { push: false, focus: false });
  });
  const initial = stateOfUrl();
  if (!isDefaultState(initial, config.defaultSort)) void show(initial, { push: false, focus: false });
}

for (const root of document.querySelectorAll<HTMLElement>('[data-listing]')) setUp(root);
