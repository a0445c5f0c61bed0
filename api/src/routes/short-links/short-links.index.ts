// GET /p/{code}: the order page's short link that the numbers SMS carries (SMS length, SPEC §9). It
// answers 302 to the full order link (/pedido?id=…&key=…); an unknown or malformed code,
// or a key part that does not match, gets the storefront's 404 page like any lost path.
import { orderPath, parseShortOrderCode } from '@vag/contracts';
import { findPurchaseByOrderCode } from '@vag/core/db/purchases';
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { accessKeyMatches } from '@vag/core/purchase-lifecycle/order-code';

export const shortLinksRouter = new Hono<AppEnv>().get('/:code', async (c) => {
  const named = parseShortOrderCode(c.req.param('code'));
  if (!named) return c.notFound();
  const purchase = await findPurchaseByOrderCode(c.get('deps').db, named.orderCode);
  const key = purchase?.accessKey;
  if (!purchase || !key || !accessKeyMatches(key.slice(0, named.keyStart.length), named.keyStart))
    return c.notFound();
  // The target holds the full key: never kept by a shared cache nor sent on as a referrer.
  c.header('Cache-Control', 'private, no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(orderPath(purchase._id, key), 302);
});
