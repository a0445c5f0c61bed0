// /sitemap.xml: the public pages, at PUBLIC_URL.
import type { APIRoute } from 'astro';
import { pageContent } from '../features/shared/page-content';
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
  const { publicUrl } = await pageContent(locals, url);
  const urls = PUBLIC_PAGES.map(
    (path) => `  <url><loc>${absoluteUrl(publicUrl, path)}</loc></url>`,
  ).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
