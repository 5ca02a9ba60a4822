import { apiError, json, readJsonBody } from '~/lib/http/json.ts';
import { type ContactInput, contactSchema } from './schema.ts';

/** Where a valid contact message goes; the backend work supplies a store that saves it. */
export type ContactStore = (input: ContactInput) => Promise<{ ok: true } | { ok: false; code: string }>;

/**
 * Handles POST /api/contact: validates the body and hands it to the store. Without a store the
 * endpoint says honestly that sending is not available yet (503), so the form keeps the text.
 */
export async function handleContact(request: Request, store?: ContactStore): Promise<Response> {
  const parsed = await readJsonBody(request, contactSchema, { maxBytes: 20_000 });
  if (!parsed.ok) return parsed.response;
  if (!store) {
    return apiError(503, 'not_available', 'Sending messages is not available yet.');
  }
  const result = await store(parsed.data);
  if (!result.ok) {
    if (result.code === 'rate_limited') {
      return apiError(429, 'rate_limited', 'Too many messages in a short time. Try again in a few minutes.');
    }
    return apiError(503, result.code, 'The message could not be stored. Please try again.');
  }
  return json({ ok: true }, 201);
}
