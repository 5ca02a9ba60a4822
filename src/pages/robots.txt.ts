import type { APIRoute } from 'astro';

// An endpoint instead of public/robots.txt, so the sitemap address follows the deploy's site URL.
// Signed-in shells and the cart are not secret, but there is nothing for a crawler to find there.
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? 'http://localhost:4321').href;
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
