// WhatsApp and SMS through Twilio, the api's side:
// - POST /api/message-status: Twilio's status callbacks. Refused (403) unless
//   X-Twilio-Signature matches our callback URL and body under the account's auth token;
//   each records queued/sent/delivered/read/failed on the message, and a WhatsApp message
//   that failed for good (not on WhatsApp, no opt-in…) sends its SMS instead, once.
// - GET /api/whatsapp/ticket/{token}: the ticket PDF a WhatsApp message carries, fetched
//   by WhatsApp's servers without cookies; a forged or expired token is a plain 404.
// - /api/admin/whatsapp: Ajustes' WhatsApp card (sender, template per message, a test),
//   a purchase's messages with their states, and the day's delivery rate per channel.
import {
  PERMISSIONS,
  MESSAGE_STATUSES,
  msgResponseSchema,
  WHATSAPP_MESSAGES,
  WHATSAPP_PERMANENT_ERRORS,
  WHATSAPP_TEXTS as T,
  whatsappSettingsSchema,
  whatsappTestSchema,
  type MessageStatus,
} from '@vag/contracts';
import { getPurchase } from '@vag/core/db/purchases';
import {
  applyDeliveryStatus,
  claimFallback,
  deliveryRates,
  purchaseDeliveries,
  recordDelivery,
  settleFallback,
  type DeliveryDoc,
} from '@vag/core/messaging/deliveries';
import { purchaseOfTicketToken, ticketMediaToken } from '@vag/core/messaging/ticket-link';
import { COUNTED_CHANNELS, messagesSentToday } from '@vag/core/messaging/message-counts';
import { isTwilioSignatureValid } from '@vag/core/messaging/twilio-signature';
import {
  MESSAGE_STATUS_PATH,
  postTwilioMessage,
  twilioConfigured,
  TwilioError,
} from '@vag/core/messaging/twilio-rest';
import {
  loadWhatsappSettings,
  saveWhatsappSettings,
  templateFor,
} from '@vag/core/messaging/whatsapp-settings';
import { messagingEnv } from '@vag/core/settings/live-settings';
import { hasTicket, loadTicketRaffle, renderTicket } from '@vag/core/ticket/ticket';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, ALL_STAFF, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { describe, JSON_BODY } from '../../lib/openapi';
import { validate } from '../../lib/validate';
import { purchaseForStaff } from '../purchases/staff-scope';
import { reviewPrivacyNotice } from '../../privacy/privacy-notice';

type Deps = AppEnv['Variables']['deps'];

const isStatus = (v: string): v is MessageStatus =>
  (MESSAGE_STATUSES as readonly string[]).includes(v);

export const messageStatusRouter = new Hono<AppEnv>().post(
  '/',
  describe({
    operationId: 'twilioMessageStatus',
    tag: 'messaging',
    summary: 'Callback de estado de Twilio (firmado con X-Twilio-Signature).',
    response: null,
    rawBody: true,
    errors: [400, 403],
  }),
  async (c) => {
    const deps = c.get('deps');
    const env = await messagingEnv(deps);
    const form = await c.req.parseBody().catch(() => ({}));
    const params = Object.fromEntries(
      Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const url = `${env.PUBLIC_URL.replace(/\/+$/, '')}${MESSAGE_STATUS_PATH}`;
    const signature = c.req.header('x-twilio-signature');
    if (!isTwilioSignatureValid({ authToken: env.TWILIO_AUTH_TOKEN ?? '', signature, url, params }))
      throw apiError(403, 'Firma de Twilio no válida');
    const sid = params.MessageSid ?? '';
    const status = params.MessageStatus ?? '';
    if (!sid || !isStatus(status)) throw apiError(400, 'Estado de mensaje no reconocido');
    const errorCode = params.ErrorCode ? Number(params.ErrorCode) : null;
    const delivery = await applyDeliveryStatus(deps.db, sid, status, errorCode);
    if (!delivery)
      deps.log.warn({ sid, status }, 'status callback for a message we did not record');
    else if ((status === 'failed' || status === 'undelivered') && isPermanent(errorCode))
      await fallBackToSms(deps, env, delivery);
    return c.body(null, 204);
  },
);

const isPermanent = (code: number | null) => code !== null && WHATSAPP_PERMANENT_ERRORS.has(code);

/**
 * WhatsApp said no for good after accepting the message: the same text goes by SMS. The
 * claim lets one callback send it however often Twilio repeats the failure.
 */
async function fallBackToSms(
  deps: Deps,
  env: Awaited<ReturnType<typeof messagingEnv>>,
  delivery: DeliveryDoc,
): Promise<void> {
  if (delivery.channel !== 'whatsapp') return;
  const claimed = await claimFallback(deps.db, delivery._id);
  if (!claimed?.fallbackSms) return;
  const site = env.PUBLIC_URL.replace(/\/+$/, '');
  try {
    const sid = await postTwilioMessage(
      env,
      { kind: 'sms', ...claimed.fallbackSms },
      `${site}${MESSAGE_STATUS_PATH}`,
    );
    await settleFallback(deps.db, delivery._id, sid);
    await recordDelivery(deps.db, {
      _id: sid,
      purchaseId: claimed.purchaseId,
      message: claimed.message,
      channel: 'sms',
      to: claimed.fallbackSms.to,
      fallbackSms: null,
    });
  } catch (error) {
    // Left claimed: staff see the failed WhatsApp on the purchase and can re-send.
    deps.log.error(
      { sid: delivery._id, err: error },
      'SMS fallback after a WhatsApp failure failed',
    );
  }
}

const ticketTokenSchema = z.object({ token: z.string() });

export const whatsappTicketRouter = new Hono<AppEnv>().get(
  '/:token',
  describe({
    operationId: 'getWhatsappTicket',
    tag: 'messaging',
    summary: 'El boleto en PDF de un mensaje de WhatsApp (enlace firmado que vence en 7 días).',
    response: null,
    produces: ['application/pdf'],
    params: ticketTokenSchema,
    errors: [404],
  }),
  async (c) => {
    const deps = c.get('deps');
    const purchaseId = await purchaseOfTicketToken(deps.db, c.req.param('token'));
    const purchase = purchaseId ? await getPurchase(deps.db, purchaseId) : null;
    if (!purchase || !hasTicket(purchase)) throw apiError(404, T.ticketLinkInvalid);
    const { fileName, pdf } = await renderTicket(
      purchase,
      purchase.assignedNumbers,
      await loadTicketRaffle(deps.db, purchase.raffleId),
      deps.env.PUBLIC_URL,
    );
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${fileName}"`,
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    });
  },
);

const deliveryViewSchema = z.object({
  sid: z.string(),
  message: z.string(),
  channel: z.enum(['whatsapp', 'sms']),
  to: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  errorCode: z.number().nullable(),
  fallbackSid: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const ratesSchema = z.array(
  z.object({
    channel: z.enum(COUNTED_CHANNELS),
    /** Every message sent today on the channel (SMTP, Twilio or the outbox log). */
    sent: z.number(),
    /** Those Twilio reports on (the rest have no delivery status). */
    total: z.number(),
    delivered: z.number(),
    failed: z.number(),
    rate: z.number().nullable(),
  }),
);

const deliveryView = (d: DeliveryDoc): z.infer<typeof deliveryViewSchema> => ({
  sid: d._id,
  message: d.message,
  channel: d.channel,
  to: d.to,
  status: d.status,
  errorCode: d.errorCode,
  fallbackSid: d.fallbackSid ?? null,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

/** Midnight in Ecuador (UTC−5, no daylight saving) of the current day. */
function startOfEcuadorDay(now: Date): Date {
  const local = new Date(now.getTime() - 5 * 3600_000);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() + 5 * 3600_000);
}

/**
 * Today's messages per channel (SPEC §2): every one sent, e-mail included, and for the
 * phone channels how many of those Twilio reported delivered.
 */
async function messagesToday(db: Deps['db']): Promise<z.infer<typeof ratesSchema>> {
  const now = new Date();
  const [sent, rates] = await Promise.all([
    messagesSentToday(db, now),
    deliveryRates(db, startOfEcuadorDay(now)),
  ]);
  return COUNTED_CHANNELS.map((channel) => {
    const rate = rates.find((r) => r.channel === channel);
    return {
      channel,
      // Twilio's messages are its delivery records; the count holds the rest.
      sent: sent[channel] + (rate?.total ?? 0),
      total: rate?.total ?? 0,
      delivered: rate?.delivered ?? 0,
      failed: rate?.failed ?? 0,
      rate: rate?.rate ?? null,
    };
  });
}

export const whatsappAdminRouter = new Hono<AppEnv>()
  .get(
    '/deliveries/:purchaseId',
    describe({
      operationId: 'listPurchaseMessages',
      tag: 'messaging',
      summary: 'Los mensajes de WhatsApp y SMS de una compra con su estado según Twilio.',
      response: z.array(deliveryViewSchema),
      params: z.object({ purchaseId: z.string() }),
      errors: [403, 404],
    }),
    requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases),
    async (c) => {
      // The same reach as the purchase itself: they carry the buyer's phone.
      const { db } = c.get('deps');
      const purchase = await purchaseForStaff(db, c.get('staff'), c.req.param('purchaseId'));
      const docs = await purchaseDeliveries(db, purchase._id);
      return c.json(docs.map(deliveryView));
    },
  )
  .get(
    '/rates',
    describe({
      operationId: 'messageDeliveryRates',
      tag: 'messaging',
      summary:
        'Los mensajes enviados hoy (hora de Ecuador) por canal (correo, WhatsApp, SMS) y la tasa de entrega que Twilio informa.',
      response: ratesSchema,
    }),
    requireStaff(ALL_STAFF),
    async (c) => c.json(await messagesToday(c.get('deps').db)),
  )
  .get(
    '/',
    describe({
      operationId: 'getWhatsappSettings',
      tag: 'messaging',
      summary: 'Ajustes de WhatsApp: remitente y plantilla aprobada por mensaje.',
      response: whatsappSettingsSchema,
    }),
    requireStaff(ADMIN_ONLY),
    async (c) => c.json(await loadWhatsappSettings(c.get('deps').db)),
  )
  .put(
    '/',
    describe({
      operationId: 'saveWhatsappSettings',
      tag: 'messaging',
      summary: 'Guarda el remitente de WhatsApp y los ids de plantilla (HX…).',
      response: msgResponseSchema,
      errors: [...JSON_BODY],
    }),
    requireStaff(ADMIN_ONLY),
    async (c) => {
      const body: unknown = await c.req.json().catch(() => null);
      const saved = await saveWhatsappSettings(
        c.get('deps').db,
        (body ?? {}) as Parameters<typeof saveWhatsappSettings>[1],
      );
      if (!saved.ok) throw apiError(400, Object.values(saved.errors)[0]!, saved.errors);
      await reviewPrivacyNotice(c.get('deps'));
      return c.json({ msg: T.saved });
    },
  )
  .post(
    '/test',
    describe({
      operationId: 'sendWhatsappTest',
      tag: 'messaging',
      summary: 'Envía una prueba de la plantilla de un mensaje a un celular de Ecuador.',
      response: msgResponseSchema,
      errors: [...JSON_BODY, 502],
    }),
    requireStaff(ADMIN_ONLY),
    validate('json', whatsappTestSchema),
    async (c) => {
      const deps = c.get('deps');
      const { message, phone } = c.req.valid('json');
      const settings = await loadWhatsappSettings(deps.db);
      const contentSid = templateFor(settings, message);
      if (!contentSid)
        throw apiError(400, T.testTemplateMissing, {
          [`templates.${message}`]: T.testTemplateMissing,
        });
      const env = await messagingEnv(deps);
      if (!twilioConfigured(env)) return c.json({ msg: T.testLogged(phone) });
      const site = env.PUBLIC_URL.replace(/\/+$/, '');
      try {
        const sid = await postTwilioMessage(
          env,
          {
            kind: 'whatsapp',
            to: phone,
            from: settings.from,
            contentSid,
            variables: sampleVariables(message, await ticketMediaToken(deps.db, 'prueba')),
          },
          `${site}${MESSAGE_STATUS_PATH}`,
        );
        await recordDelivery(deps.db, {
          _id: sid,
          purchaseId: null,
          message: 'test',
          channel: 'whatsapp',
          to: phone,
          fallbackSms: null,
        });
      } catch (error) {
        if (error instanceof TwilioError) throw apiError(502, error.message);
        throw error;
      }
      return c.json({ msg: T.testSent(phone) });
    },
  );

/** Example values for a test, one per variable the message's template receives. */
function sampleVariables(
  message: (typeof WHATSAPP_MESSAGES)[number],
  ticketToken: string,
): Record<string, string> {
  const samples: Record<string, string[]> = {
    order_created: [
      'Ana',
      'VAG-PRUEBA',
      '$12,00',
      'Banco Pichincha, cuenta de ahorros 2201234567',
      'https://voyaganar.ec/p/prueba',
    ],
    reminder: ['Ana', 'VAG-PRUEBA', '28/11/2026 18:00', 'https://voyaganar.ec/p/prueba'],
    expired: ['Ana', 'VAG-PRUEBA'],
    receipt_rejected: [
      'Ana',
      'VAG-PRUEBA',
      'El monto no coincide',
      'https://voyaganar.ec/p/prueba',
    ],
    numbers: ['Ana', '0042, 0815, 1234', 'https://voyaganar.ec/p/prueba', ticketToken],
    draw_result: [
      'Ana',
      'Rifa de prueba',
      '0042',
      'https://voyaganar.ec/verificar',
      'https://voyaganar.ec/baja',
    ],
    winner: ['Ana', 'Rifa de prueba', '0042', '+593987654321'],
  };
  return Object.fromEntries((samples[message] ?? []).map((v, i) => [String(i + 1), v]));
}
