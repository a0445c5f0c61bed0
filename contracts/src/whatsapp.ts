// WhatsApp through Twilio: the operator's approved content templates per message, the
// variables each one receives, the sender, and Twilio's error codes that no retry fixes
// (then the same message goes by SMS, once).
import './zod-locale';
import { z } from 'zod';

/** The messages a buyer may receive on WhatsApp, in the order of a purchase's life. */
export const WHATSAPP_MESSAGES = [
  'order_created',
  'reminder',
  'expired',
  'receipt_rejected',
  'numbers',
  'draw_result',
  'winner',
  'refunded',
] as const;
export type WhatsappMessage = (typeof WHATSAPP_MESSAGES)[number];

/**
 * What each template's numbered placeholders receive ({{1}}, {{2}}, …), in order. The
 * operator writes the template in Twilio with these placeholders; the card lists them.
 */
export const WHATSAPP_VARIABLES: Record<WhatsappMessage, readonly string[]> = {
  order_created: [
    'nombre',
    'código del pedido',
    'total',
    'cuentas para transferir',
    'enlace del pedido',
  ],
  reminder: ['nombre', 'código del pedido', 'hora de vencimiento', 'enlace del pedido'],
  expired: ['nombre', 'código del pedido'],
  receipt_rejected: ['nombre', 'código del pedido', 'motivo', 'enlace del pedido'],
  numbers: ['nombre', 'números', 'enlace del pedido'],
  draw_result: [
    'nombre',
    'rifa',
    'número ganador',
    'enlace del resultado',
    'enlace para dejar de recibir noticias',
  ],
  winner: ['nombre', 'rifa', 'número ganador', 'teléfono de contacto'],
  refunded: [
    'nombre',
    'código del pedido',
    'monto devuelto',
    'cómo se devolvió',
    'enlace del pedido',
  ],
};

export const WHATSAPP_TEXTS = {
  cardTitle: 'WhatsApp',
  cardHint:
    'Los compradores que eligen WhatsApp reciben estos mensajes con las plantillas que Meta aprobó en tu cuenta de Twilio (Content Template Builder). Un mensaje sin plantilla va por SMS. Si WhatsApp no puede entregarlo (el número no tiene WhatsApp, plantilla rechazada…), va por SMS una vez.',
  senderLabel: 'Remitente de WhatsApp (número registrado en Twilio)',
  templateLabel: 'Id de la plantilla (HX…)',
  variablesLabel: 'Variables',
  save: 'Guardar WhatsApp',
  testTitle: 'Enviar una prueba',
  testMessageLabel: 'Mensaje',
  testPhoneLabel: 'Celular que recibe la prueba',
  testButton: 'Enviar una prueba',
  deliveryTitle: 'Mensajes por WhatsApp y SMS',
  deliveryEmpty: 'Todavía no hay mensajes de WhatsApp o SMS registrados para esta compra.',
  statusWords: {
    accepted: 'Aceptado',
    queued: 'En cola',
    sending: 'Enviando',
    sent: 'Enviado',
    delivered: 'Entregado',
    read: 'Leído',
    undelivered: 'No entregado',
    failed: 'Falló',
  } as Record<string, string>,
  ratesTitle: 'Mensajes de hoy',
  ratesHint: 'Desde la medianoche, hora de Ecuador.',
  channelNames: { email: 'Correo', whatsapp: 'WhatsApp', sms: 'SMS' } as Record<string, string>,
  /** A channel's line: every message sent today; Twilio's delivery rate where it reports one. */
  rateLine: (channel: string, r: { sent: number; delivered: number; total: number }) =>
    r.sent === 0
      ? `${channel}: sin mensajes hoy`
      : `${channel}: ${r.sent} ${r.sent === 1 ? 'enviado' : 'enviados'}` +
        (r.total > 0
          ? ` · ${Math.round((r.delivered / r.total) * 100)} % entregados (${r.delivered} de ${r.total})`
          : ''),
  labels: {
    order_created: 'Pedido registrado (datos para transferir y enlace)',
    reminder: 'Recordatorio antes del vencimiento',
    expired: 'Pedido vencido',
    receipt_rejected: 'Comprobante rechazado (con el motivo)',
    numbers: 'Números asignados (con el boleto en PDF)',
    draw_result: 'Resultado del sorteo',
    winner: 'Aviso al ganador',
    refunded: 'Reembolso hecho (monto y cómo se devolvió)',
  } satisfies Record<WhatsappMessage, string>,
  senderInvalid:
    'El remitente de WhatsApp debe ser un número en formato internacional, por ejemplo +593987654321',
  templateInvalid:
    'El id de la plantilla empieza con HX y sigue con 32 caracteres (0-9, a-f). Cópialo de Twilio > Content Template Builder',
  testPhoneRequired: 'Escribe el celular que recibirá la prueba',
  testPhoneLandline: 'Ese número es un teléfono fijo: WhatsApp necesita un celular (09XXXXXXXX)',
  testPhoneForeign: 'Solo celulares de Ecuador: 09XXXXXXXX o +5939XXXXXXXX',
  testPhoneInvalid: 'Escribe un celular de Ecuador: 09XXXXXXXX o +5939XXXXXXXX',
  testTemplateMissing: 'Guarda primero el id de la plantilla de ese mensaje',
  testSent: (to: string) => `Prueba enviada a ${to}. Revisa el WhatsApp de ese celular.`,
  testLogged: (to: string) =>
    `Twilio no está configurado: la prueba para ${to} quedó en el registro local (outbox.log).`,
  saved: 'Ajustes de WhatsApp guardados',
  /** The draw result's SMS, when its WhatsApp fails for good (plain ASCII: one GSM segment set). */
  drawResultSms: (raffleName: string, number: string, verifyUrl: string, unsubscribeUrl: string) =>
    `Voy a Ganar: el sorteo de ${raffleName} salio con el numero ${number}. Verificalo: ${verifyUrl} . Dejar de recibir noticias: ${unsubscribeUrl}`,
  ticketLinkInvalid:
    'Este enlace al boleto no existe o ya venció. Descarga tu boleto desde el enlace de tu pedido.',
} as const;

/** Twilio content SIDs: HX and 32 hex digits (Content API, `sid` pattern). */
export const CONTENT_SID = /^HX[0-9a-fA-F]{32}$/;

const contentSidSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || CONTENT_SID.test(v), { error: WHATSAPP_TEXTS.templateInvalid });

export const whatsappSettingsSchema = z.object({
  /** The WhatsApp sender registered in Twilio, E.164 ('' = WhatsApp off, SMS as before). */
  from: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\+\d{8,15}$/.test(v.replace(/[\s-]/g, '')), {
      error: WHATSAPP_TEXTS.senderInvalid,
    })
    .transform((v) => v.replace(/[\s-]/g, '')),
  /** Approved content template per message ('' = that message goes by SMS). */
  templates: z.object(
    Object.fromEntries(WHATSAPP_MESSAGES.map((m) => [m, contentSidSchema.default('')])) as Record<
      WhatsappMessage,
      z.ZodDefault<typeof contentSidSchema>
    >,
  ),
});
export type WhatsappSettings = z.infer<typeof whatsappSettingsSchema>;
export type WhatsappSettingsInput = z.input<typeof whatsappSettingsSchema>;

export const EMPTY_WHATSAPP_SETTINGS: WhatsappSettings = {
  from: '',
  templates: Object.fromEntries(WHATSAPP_MESSAGES.map((m) => [m, ''])) as Record<
    WhatsappMessage,
    string
  >,
};

const ECUADOR_LANDLINE = /^(0[2-7]\d{7}|\+593[2-7]\d{7})$/;
const ECUADOR_MOBILE = /^(09\d{8}|\+5939\d{8})$/;

/** The "enviar una prueba" recipient: an Ecuadorian mobile, or a message saying why not. */
export const whatsappTestPhoneSchema = z
  .string({ error: WHATSAPP_TEXTS.testPhoneRequired })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .superRefine((v, ctx) => {
    const message = phoneProblem(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((v) => (v.startsWith('0') ? `+593${v.slice(1)}` : v));

function phoneProblem(v: string): string | null {
  if (v === '') return WHATSAPP_TEXTS.testPhoneRequired;
  if (ECUADOR_MOBILE.test(v)) return null;
  if (ECUADOR_LANDLINE.test(v)) return WHATSAPP_TEXTS.testPhoneLandline;
  if (/^\+\d{8,15}$/.test(v) && !v.startsWith('+593')) return WHATSAPP_TEXTS.testPhoneForeign;
  return WHATSAPP_TEXTS.testPhoneInvalid;
}

/** POST /api/admin/whatsapp/test. */
export const whatsappTestSchema = z.object({
  message: z.enum(WHATSAPP_MESSAGES),
  phone: whatsappTestPhoneSchema,
});

/**
 * Twilio error codes after which retrying WhatsApp is pointless, so the message goes by
 * SMS instead: 63003 the number is not on WhatsApp, 63016 outside the window / not a
 * template, 63024 invalid recipient, 63032 the user cannot receive this (Meta's 472),
 * 63049 Meta chose not to deliver, 63027/63028/63029 template missing, wrong parameters
 * or language, 63013 policy violation, 21211 invalid 'To', 21614 not a mobile number.
 */
export const WHATSAPP_PERMANENT_ERRORS: ReadonlySet<number> = new Set([
  63003, 63013, 63016, 63024, 63027, 63028, 63029, 63032, 63049, 21211, 21614,
]);

/** Twilio's message states as status callbacks report them. */
export const MESSAGE_STATUSES = [
  'accepted',
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'undelivered',
  'failed',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
