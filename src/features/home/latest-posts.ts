/**
 * <latest-posts>: the home page's latest community posts. Everything it shows is rendered on the
 * server (states, texts, a row template); this element only switches states and fills rows with
 * textContent. It loads its data module, and with it supabase-js, when the section comes within
 * a screen of the viewport, so the page costs this small script and nothing more up front.
 */
import { format } from '~/i18n/format.ts';
import { dateTimeFormat } from '~/i18n/intl.ts';
import { documentLocale } from '~/i18n/locales.ts';
import type { PostCard } from './latest-posts-data.ts';

type State = 'loading' | 'error' | 'empty' | 'list';

class LatestPostsElement extends HTMLElement {
  #observer: IntersectionObserver | undefined;
  #loading = false;

  connectedCallback() {
    this.querySelector('[data-retry]')?.addEventListener('click', () => this.#load());
    if (!('IntersectionObserver' in window)) {
      this.#load();
      return;
    }
    this.#observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          this.#observer?.disconnect();
          this.#load();
        }
      },
      { rootMargin: '400px 0px' },
    );
    this.#observer.observe(this);
  }

  disconnectedCallback() {
    this.#observer?.disconnect();
  }

  #show(state: State) {
    for (const el of this.querySelectorAll<HTMLElement>('[data-state]'))
      el.hidden = el.dataset.state !== state;
    this.setAttribute('aria-busy', String(state === 'loading'));
  }

  async #load() {
    if (this.#loading) return;
    this.#loading = true;
    this.#show('loading');
    try {
      const { loadLatestPosts } = await import('./load-posts.ts');
      const { posts, signedIn } = await loadLatestPosts(this.dataset.untitled ?? '');
      for (const el of this.querySelectorAll<HTMLElement>('[data-when]')) {
        el.hidden = el.dataset.when !== (signedIn ? 'signed-in' : 'signed-out');
      }
      if (!posts.length) {
        this.#show('empty');
        return;
      }
      this.#render(posts);
      this.#show('list');
    } catch (error) {
      console.error(error);
      this.#show('error');
    } finally {
      this.#loading = false;
    }
  }

  #render(posts: PostCard[]) {
    const list = this.querySelector('[data-state="list"]');
    const template = this.querySelector<HTMLTemplateElement>('template[data-post]');
    if (!list || !template) return;
    const lang = document.documentElement.lang;
    const dateFormat = dateTimeFormat(this.dataset.locale ?? lang, { dateStyle: 'medium' });
    const unknown = this.dataset.unknownAuthor ?? '';
    const byTemplate = this.dataset.byTemplate ?? '{name}';
    const base = this.dataset.communityHref ?? '/community';
    list.replaceChildren(
      ...posts.map((post) => {
        const item = template.content.cloneNode(true) as DocumentFragment;
        const set = (field: string, text: string) => {
          const el = item.querySelector(`[data-field="${field}"]`);
          if (el) el.textContent = text;
        };
        set('title', post.title);
        set('excerpt', post.excerpt);
        set('author', format(byTemplate, { name: post.author ?? unknown }, documentLocale()));
        set('date', dateFormat.format(new Date(post.createdAt)));
        item.querySelector('time')?.setAttribute('datetime', post.createdAt);
        item
          .querySelector('a[data-field="title"]')
          ?.setAttribute('href', `${base}#post-${encodeURIComponent(post.id)}`);
        return item;
      }),
    );
  }
}

if (!customElements.get('latest-posts')) customElements.define('latest-posts', LatestPostsElement);
