// /sitemap.xml: the public pages and every public raffle's own page and trust page, at PUBLIC_URL.
import { rafflePath, trustPagePath } from '@vag/contracts';
import type { APIRoute } from 'astro';
import { pageContent, publicRaffles } from '../features/shared/page-content';
import { absoluteUrl } from '../features/shared/seo';

export const PUBLIC_PAGES = [
  '/',
  '/sorteos',
  '/ganadores',
  '/verificar',
  '/contacto',
  '/terminos',
] as const;

export const GET: APIRoute = async ({ locals, url }) => {
  const [{ publicUrl }, raffles] = await Promise.all([
    pageContent(locals, url),
    publicRaffles(locals, url),
  ]);
  const paths = [
    ...PUBLIC_PAGES,
    ...raffles.flatMap((r) => [rafflePath(r.slug), trustPagePath(r.slug)]),
  ];
  const urls = paths
    .map((path) => `  <url><loc>${escapeXml(absoluteUrl(publicUrl, path))}</loc></url>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
