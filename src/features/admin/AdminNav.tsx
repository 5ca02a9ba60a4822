import type { Tr } from '~/i18n/bind.ts';
import { type Locale, localizePath } from '~/i18n/locales.ts';

/** The two admin pages link to each other; the current one is marked. */
export function AdminNav({ t, lang, current }: { t: Tr; lang: Locale; current: 'members' | 'audit' }) {
  const links = [
    { key: 'members', href: localizePath('/admin/members', lang), label: t('admin.nav.members') },
    { key: 'audit', href: localizePath('/admin/audit', lang), label: t('admin.nav.audit') },
  ] as const;
  return (
    <nav aria-label={t('admin.nav.members')} className="mb-6 flex gap-4 text-sm">
      {links.map((l) => (
        <a
          key={l.key}
          href={l.href}
          aria-current={l.key === current ? 'page' : undefined}
          className={l.key === current ? 'font-semibold underline' : 'text-violet underline'}
        >
          {l.label}
        </a>
      ))}
    </nav>
  );
}
