// A buyer's rights over their data (/mis-datos; LOPDP arts. 13–15). Anyone may type an
// e-mail, so the request answers the same whether we hold anything about it, and only
// that mailbox gets the link. The link's token is exchanged once for a short session
// (an httpOnly cookie on /api/my-data); with it the buyer downloads, corrects, withdraws
// marketing consent or deletes their data.
import {
  contactCorrectionSchema,
  deletionConfirmSchema,
  msgResponseSchema,
  MY_DATA_COOKIE,
  MY_DATA_LINK_HOURS,
  MY_DATA_SESSION_MINUTES,
  MY_DATA_TEXTS as T,
  myDataRequestSchema,
  myDataTokenSchema,
} from '@vag/contracts';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { insertDataRequest } from '@vag/core/db/data-requests';
import { requestLookupMail } from '@vag/core/pipeline/lookup-outbox';
import { exchangeAccessToken, sessionEmail } from '@vag/core/privacy/access-link';
import { withdrawMarketingConsent } from '@vag/core/privacy/marketing-withdrawal';
import { personalDataOf } from '@vag/core/privacy/personal-data';
import { personalDataPdf } from '@vag/core/privacy/personal-data-pdf';
import { correctContact, deletePersonalData, recordExport } from '@vag/core/privacy/rights';
import { rateLimit, withinRateLimit } from '../../auth/rate-limit';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { describe, JSON_BODY } from '../../lib/openapi';
import { validate } from '../../lib/validate';

const COOKIE_PATH = '/api/my-data';

const sessionSchema = z.object({ email: z.string(), expiresAt: z.string() });
const contactSchema = z.object({
  email: z.string(),
  contact: contactCorrectionSchema.nullable(),
});

function secure(c: Context<AppEnv>): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/** The e-mail of the caller's live session; 401 with the Spanish reason otherwise. */
async function owner(c: Context<AppEnv>): Promise<string> {
  const session = getCookie(c, MY_DATA_COOKIE);
  const email = session ? await sessionEmail(c.get('deps').db, session) : null;
  if (!email) throw apiError(401, T.sessionEnded);
  return email;
}

const LINK_REFUSALS = { invalid: T.linkInvalid, used: T.linkUsed, expired: T.linkExpired } as const;

export const myDataRouter = new Hono<AppEnv>()
  .post(
    '/requests',
    describe({
      operationId: 'requestMyData',
      tag: 'my-data',
      summary:
        'Envía al correo un enlace de un solo uso para ver sus datos personales; responde lo mismo haya o no datos.',
      status: 202,
      response: msgResponseSchema,
      errors: [...JSON_BODY, 429],
    }),
    rateLimit('myDataMail'),
    validate('json', myDataRequestSchema),
    async (c) => {
      const deps = c.get('deps');
      const email = c.req.valid('json').email;
      if (await withinRateLimit(deps, 'myDataMailPerEmail', email)) {
        const request = await insertDataRequest(deps.db, { email, kind: 'access', channel: 'web' });
        await requestLookupMail(deps, {
          requestId: request._id,
          email,
          about: 'personal-data',
          token: '',
          expiresAt: new Date(Date.now() + MY_DATA_LINK_HOURS * 3_600_000).toISOString(),
        });
      }
      return c.json({ msg: T.requested }, 202);
    },
  )
  .post(
    '/session',
    describe({
      operationId: 'openMyDataSession',
      tag: 'my-data',
      summary: `Canjea el enlace del correo (una sola vez) por un acceso de ${MY_DATA_SESSION_MINUTES} minutos (cookie).`,
      response: sessionSchema,
      errors: [...JSON_BODY, 410, 429],
    }),
    rateLimit('myData'),
    validate('json', myDataTokenSchema),
    async (c) => {
      const result = await exchangeAccessToken(c.get('deps').db, c.req.valid('json').token);
      if (!result.ok) throw apiError(410, LINK_REFUSALS[result.reason]);
      setCookie(c, MY_DATA_COOKIE, result.session, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'Strict',
        secure: secure(c),
        maxAge: MY_DATA_SESSION_MINUTES * 60,
      });
      return c.json({ email: result.email, expiresAt: result.expiresAt.toISOString() });
    },
  )
  .get(
    '/contact',
    describe({
      operationId: 'myContactData',
      tag: 'my-data',
      summary: 'Los datos de contacto de la compra más reciente, para corregirlos.',
      response: contactSchema,
      errors: [401, 429],
    }),
    rateLimit('myData'),
    async (c) => {
      const email = await owner(c);
      const latest = await c
        .get('deps')
        .db.collection<{ buyer: Record<string, string>; createdAt: Date }>('purchases')
        .findOne({ 'buyer.email': email }, { sort: { createdAt: -1 } });
      const b = latest?.buyer;
      const contact = b
        ? {
            firstName: b.firstName ?? '',
            lastName: b.lastName ?? '',
            phone: b.phone ?? '',
            province: b.province ?? '',
            city: b.city ?? '',
            address: b.address ?? '',
          }
        : null;
      return c.json({ email, contact });
    },
  )
  .get(
    '/',
    describe({
      operationId: 'myDataJson',
      tag: 'my-data',
      summary: 'Todo lo que guardamos sobre el titular, en JSON (descarga).',
      response: null,
      produces: ['application/json'],
      errors: [401, 429],
    }),
    rateLimit('myData'),
    async (c) => {
      const email = await owner(c);
      const data = await personalDataOf(c.get('deps').db, email);
      await recordExport(c.get('deps').db, email, 'json');
      c.header('Content-Disposition', 'attachment; filename="mis-datos.json"');
      return c.json(data);
    },
  )
  .get(
    '/pdf',
    describe({
      operationId: 'myDataPdf',
      tag: 'my-data',
      summary: 'Todo lo que guardamos sobre el titular, en un PDF legible (descarga).',
      response: null,
      produces: ['application/pdf'],
      errors: [401, 429],
    }),
    rateLimit('myData'),
    async (c) => {
      const email = await owner(c);
      const pdf = await personalDataPdf(await personalDataOf(c.get('deps').db, email));
      await recordExport(c.get('deps').db, email, 'pdf');
      return c.body(Buffer.from(pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="mis-datos.pdf"',
      });
    },
  )
  .patch(
    '/',
    describe({
      operationId: 'correctMyData',
      tag: 'my-data',
      summary: 'Corrige nombre, teléfono y dirección en todas las compras del titular.',
      response: msgResponseSchema,
      errors: [...JSON_BODY, 401, 429],
    }),
    rateLimit('myData'),
    validate('json', contactCorrectionSchema),
    async (c) => {
      const email = await owner(c);
      await correctContact(c.get('deps').db, email, c.req.valid('json'), 'titular');
      return c.json({ msg: T.corrected });
    },
  )
  .post(
    '/marketing-withdrawal',
    describe({
      operationId: 'withdrawMyMarketingConsent',
      tag: 'my-data',
      summary: 'Retira el consentimiento para recibir novedades de próximas rifas.',
      response: msgResponseSchema,
      errors: [401, 429],
    }),
    rateLimit('myData'),
    async (c) => {
      const email = await owner(c);
      await withdrawMarketingConsent(c.get('deps').db, email, 'titular');
      return c.json({ msg: T.marketingWithdrawn });
    },
  )
  .post(
    '/deletion',
    describe({
      operationId: 'deleteMyData',
      tag: 'my-data',
      summary:
        'Elimina los datos personales del titular (anonimiza); conserva compras, montos, números, facturas y el registro del sorteo.',
      response: msgResponseSchema,
      errors: [...JSON_BODY, 401, 429],
    }),
    rateLimit('myData'),
    validate('json', deletionConfirmSchema),
    async (c) => {
      const email = await owner(c);
      const { db, env } = c.get('deps');
      await deletePersonalData(db, { email, actor: 'titular', dataDir: env.DATA_DIR });
      deleteCookie(c, MY_DATA_COOKIE, { path: COOKIE_PATH });
      return c.json({ msg: T.deleted });
    },
  );
