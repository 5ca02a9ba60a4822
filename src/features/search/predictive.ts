/**
 * Predictive results under the header's search field, loaded on first focus or keystroke.
 * ARIA combobox pattern: the input keeps focus, `aria-activedescendant` names the highlighted
 * option of the listbox; arrows move, Enter opens the option (or, with none, the results page),
 * Escape closes and leaves focus in the field. Requests are debounced and the previous one
 * aborted, so a slow answer never overwrites a newer one.
 */

import { asLocale } from '~/i18n/locales.ts';
import { fetchJson } from '~/lib/http/fetch-json.ts';
import type { PredictiveTexts } from './field-texts.ts';
import type { PredictiveAnswer } from './predictive.server.ts';

const DEBOUNCE_MS = 120;
const MIN_LENGTH = 2;

type Option = { url: string; el: HTMLLIElement };

function parts(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>('form');
  const panel = root.querySelector<HTMLElement>('[data-search-panel]');
  const listbox = root.querySelector<HTMLUListElement>('[data-search-listbox]');
  const status = root.querySelector<HTMLElement>('[data-search-status]');
  const live = root.querySelector<HTMLElement>('[data-search-live]');
  return form && panel && listbox && status && live ? { form, panel, listbox, status, live } : null;
}

/** `texts`: the field's texts in its language (/texts/search.json, fetched by field.ts). */
export function initPredictive(root: HTMLElement, input: HTMLInputElement, texts: PredictiveTexts): void {
  const found = parts(root);
  if (!found) return;
  const { form, panel, listbox, status, live } = found;
  const lang = asLocale(root.dataset.lang) ?? 'nl';
  const cache = new Map<string, PredictiveAnswer>();
  let options: Option[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;
  let shownFor = '';

  const setExpanded = (open: boolean) => {
    panel.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (!open) setActive(-1);
  };

  function setActive(index: number): void {
    options[active]?.el.setAttribute('aria-selected', 'false');
    active = index;
    const option = options[active];
    if (option) {
      option.el.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', option.el.id);
      option.el.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  }

  const showStatus = (text: string) => {
    status.textContent = text;
    status.hidden = !text;
  };

  function option(url: string, build: (li: HTMLLIElement) => void): HTMLLIElement {
    const li = document.createElement('li');
    li.id = `site-search-option-${options.length}`;
    li.setAttribute('role', 'option');
    li.setAttribute('aria-selected', 'false');
    li.className =
      'flex cursor-pointer items-center gap-3 px-4 py-2 text-sm text-ink aria-selected:bg-lilac hover:bg-lilac/60';
    build(li);
    const index = options.length;
    li.addEventListener('mousedown', (event) => event.preventDefault());
    li.addEventListener('click', () => {
      setActive(index);
      window.location.assign(url);
    });
    options.push({ url, el: li });
    return li;
  }

  function thumb(image: { url: string } | null): HTMLElement {
    const box = document.createElement('span');
    box.className = 'h-10 w-10 shrink-0 overflow-hidden rounded-lg bg-lilac';
    if (image) {
      const img = document.createElement('img');
      img.src = image.url;
      img.alt = '';
      img.width = 40;
      img.height = 40;
      img.className = 'h-full w-full object-cover';
      box.append(img);
    }
    return box;
  }

  function group(label: string, items: HTMLLIElement[]): HTMLLIElement | null {
    if (!items.length) return null;
    const wrap = document.createElement('li');
    wrap.setAttribute('role', 'presentation');
    const heading = document.createElement('p');
    heading.id = `site-search-group-${label.replace(/\W+/g, '-').toLowerCase()}`;
    heading.className = 'px-4 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-ink/70';
    heading.textContent = label;
    const list = document.createElement('ul');
    list.setAttribute('role', 'group');
    list.setAttribute('aria-labelledby', heading.id);
    list.append(...items);
    wrap.append(heading, list);
    return wrap;
  }

  function render(q: string, answer: PredictiveAnswer): void {
    options = [];
    active = -1;
    input.removeAttribute('aria-activedescendant');
    const text = (value: string, className = 'min-w-0 flex-1 truncate') => {
      const span = document.createElement('span');
      span.className = className;
      span.textContent = value;
      return span;
    };
    const groups = [
      group(
        texts('search.group.queries'),
        answer.queries.map((s) => option(s.url, (li) => li.append(text(s.text)))),
      ),
      group(
        texts('search.group.products'),
        answer.products.map((p) =>
          option(p.url, (li) => {
            li.append(thumb(p.image), text(p.title));
            li.append(text(p.soldOut ? texts('shop.soldOut') : p.price, 'shrink-0 text-ink/80'));
          }),
        ),
      ),
      group(
        texts('search.group.collections'),
        answer.collections.map((c) => option(c.url, (li) => li.append(thumb(c.image), text(c.title)))),
      ),
      group(
        texts('search.group.articles'),
        answer.articles.map((a) => option(a.url, (li) => li.append(text(a.title)))),
      ),
    ].filter((g): g is HTMLLIElement => g !== null);
    const count = options.length;
    const all = option(`${form.action.split('?')[0]}?${new URLSearchParams({ q })}`, (li) => {
      li.classList.add('border-t', 'border-ink/10', 'font-semibold', 'text-violet');
      li.append(text(texts('search.viewAll', { q })));
    });
    const allWrap = document.createElement('li');
    allWrap.setAttribute('role', 'presentation');
    const allList = document.createElement('ul');
    allList.setAttribute('role', 'group');
    allList.append(all);
    allWrap.append(allList);
    listbox.replaceChildren(...groups, allWrap);
    showStatus(count ? '' : texts('search.nothing', { q }));
    live.textContent = count ? texts('search.live', { count }) : texts('search.nothing', { q });
    shownFor = q;
    setExpanded(true);
  }

  async function lookUp(q: string): Promise<void> {
    controller?.abort();
    const cached = cache.get(q);
    if (cached) {
      render(q, cached);
      return;
    }
    controller = new AbortController();
    const own = controller;
    const url = `/api/shop/predictive-search?${new URLSearchParams({ q, lang })}`;
    const answer = await fetchJson<PredictiveAnswer>(url, { signal: own.signal, timeoutMs: 8000 });
    if (own.signal.aborted || input.value.trim() !== q) return;
    if (answer.ok) {
      cache.set(q, answer.data);
      render(q, answer.data);
    } else {
      listbox.replaceChildren();
      options = [];
      showStatus(texts('search.failed'));
      live.textContent = texts('search.failed');
      setExpanded(true);
    }
  }

  function onInput(): void {
    clearTimeout(timer);
    const q = input.value.trim();
    if (q.length < MIN_LENGTH) {
      controller?.abort();
      shownFor = '';
      setExpanded(false);
      return;
    }
    timer = setTimeout(() => void lookUp(q), DEBOUNCE_MS);
  }

  input.addEventListener('input', onInput);
  input.addEventListener('keydown', (event) => {
    const open = !panel.hidden;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) {
        if (shownFor && shownFor === input.value.trim()) setExpanded(true);
        else onInput();
        event.preventDefault();
        return;
      }
      if (!options.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + options.length + (active === -1 && step < 0 ? 1 : 0)) % options.length);
    } else if (event.key === 'Enter') {
      const option = open ? options[active] : undefined;
      if (option) {
        event.preventDefault();
        window.location.assign(option.url);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setExpanded(false);
        input.focus();
      }
    }
  });
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) setExpanded(false);
  });
  input.addEventListener('focus', () => {
    if (shownFor && shownFor === input.value.trim() && options.length) setExpanded(true);
  });
  // A query typed before this script arrived is looked up at once.
  if (input.value.trim().length >= MIN_LENGTH) onInput();
}
