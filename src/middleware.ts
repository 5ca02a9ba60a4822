import { defineMiddleware } from 'astro:middleware';
import { apiError } from '~/lib/http/json.ts';

/**
 * Astro's own `security.checkOrigin` answers cross-site form posts with a plain-text 403 before
 * any endpoint runs, so the site's endpoints could not keep their `{ error: { code, message } }`
 * promise. It is switched off in astro.config.mjs and done here with the same rule (a form-encoded
 * or text body whose Origin is not this site is refused), answered as JSON.
 */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const onRequest = defineMiddleware((context, next) => {
  const { request, url } = context;
  if (WRITES.has(request.method)) {
    const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (FORM_TYPES.has(type) && request.headers.get('origin') !== url.origin) {
      return apiError(403, 'cross_site_form', 'Cross-site form submissions are not accepted.');
    }
  }
  return next();
});
