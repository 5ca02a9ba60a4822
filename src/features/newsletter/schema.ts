import { z } from 'zod';
import { locales } from '~/i18n/locales.ts';
import { SOURCES } from './consent.ts';

/** Text without NUL bytes or lone surrogates, which PostgreSQL refuses (it would answer 500). */
const clean = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000') && v.isWellFormed(), 'invalid_characters');

/** POST /api/newsletter. Passwords never come here: the account is created by the browser. */
export const signUpSchema = z
  .object({
    email: clean(254).pipe(z.email()),
    firstName: clean(100).default(''),
    lastName: clean(100).default(''),
    consent: z.literal(true),
    language: z.enum(locales),
    source: z.enum(SOURCES),
    pageUrl: clean(2000).optional(),
    consentVersion: clean(40),
  })
  .superRefine((value, ctx) => {
    // Members subscribing with one click have their names in their account already.
    if (value.source === 'member') return;
    if (!value.firstName) ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'required' });
    if (!value.lastName) ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'required' });
  });

/** A token from a link: base64url, 43 characters for 32 random bytes (anything else is forged). */
export const tokenSchema = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]{20,100}$/);
