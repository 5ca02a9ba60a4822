import { z } from 'zod';

/** Limits shared by the form (maxlength) and the endpoint. */
export const contactLimits = { name: 100, email: 254, subject: 200, message: 5000 } as const;

const text = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });

/** What the contact form sends to POST /api/contact. */
export const contactSchema = z.object({
  firstName: text(contactLimits.name),
  lastName: text(contactLimits.name),
  email: z
    .string({ error: 'required' })
    .trim()
    .max(contactLimits.email, { error: 'too_long' })
    .pipe(z.email({ error: 'email' })),
  subject: text(contactLimits.subject),
  message: text(contactLimits.message),
  language: z.enum(['nl', 'en', 'de']).optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;
