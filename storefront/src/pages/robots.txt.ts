// /robots.txt: everything public may be crawled except the staff area; points to the
// sitemap at PUBLIC_URL. The purchase pages stay crawlable (a blocked page cannot
// state its own canonical URL), they are just left out of the sitemap.
import type { APIRoute } from 'astro';
import { pageContent } from '../features/shared/page-content';
import { absoluteUrl } from '../features/shared/seo';

export const GET: APIRoute = async ({ locals, url }) => {
  const { publicUrl } = await pageContent(locals, url);
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin/',
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
