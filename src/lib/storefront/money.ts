import { numberFormat } from '../../i18n/intl.ts';
import { intlLocale, type Locale } from '../../i18n/locales.ts';
import type { Money } from './types.ts';

function formatter(lang: Locale, currency: string): Intl.NumberFormat {
  return numberFormat(intlLocale[lang], { style: 'currency', currency });
}

/** Storefront money ("29.95" EUR) as whole cents, the unit the cart stores. */
export function toCents(money: Pick<Money, 'amount'>): number {
  // Decimal arithmetic on the string: 1.005 * 100 is 100.49999... in floating point.
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(String(money.amount).trim());
  if (!match) return Math.round(Number(money.amount) * 100);
  const [, sign, whole = '', fraction = ''] = match;
  const digits = `${fraction}000`;
  const cents = Number(whole || '0') * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return sign ? -cents : cents;
}

/** Cents formatted for a language: 2995 -> "€ 29,95" (nl), "€29.95" (en), "29,95 €" (de). */
export function formatCents(cents: number, lang: Locale, currency = 'EUR'): string {
  return formatter(lang, currency).format(cents / 100);
}

/** A storefront price formatted for a language in its own currency. */
export function formatMoney(money: Money, lang: Locale): string {
  return formatter(lang, money.currencyCode).format(Number(money.amount));
}
