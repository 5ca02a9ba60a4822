import type { APIRoute } from 'astro';
import { socialIconSprite } from '~/components/social-icons.ts';

/** The footer's social icons as one cached sprite (src/components/social-icons.ts). */
export const GET: APIRoute = () =>
  new Response(socialIconSprite(), { headers: { 'Content-Type': 'image/svg+xml' } });
