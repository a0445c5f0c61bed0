// The privacy notice (/privacidad), written from the operator's settings: who is
// responsible, what is collected and why, how long it is kept, who receives it and how to
// use one's rights (LOPDP arts. 12–21). The facts that feed it are versioned: a change of
// any of them publishes a new version (`privacy_notices`), and each purchase names the
// version it was made under. An empty setting leaves its line out (never a placeholder).
import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { organizerSchema, privacySettingsSchema } from './entities/organizer';

/** Everything the notice says that comes from the settings. */
export const privacyNoticeFactsSchema = z.object({
  organizer: organizerSchema,
  /** The contact e-mail of the site, when the organizer has no privacy e-mail. */
  contactEmail: z.string(),
  privacy: privacySettingsSchema,
  /** Payment providers turned on, by name ('PayPal', 'Stripe'…). */
  paymentProviders: z.array(z.string()),
  /** Message providers turned on ('envío de correos (SMTP)', 'SMS (Twilio)'…). */
  messagingProviders: z.array(z.string()),
  /** The tax authority that receives invoice data, once invoicing is turned on. */
  invoicing: z.object({ authority: z.string() }).nullable(),
});
export type PrivacyNoticeFacts = z.infer<typeof privacyNoticeFactsSchema>;

export const privacyNoticeSectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  items: z.array(z.string()),
  /** A page where the reader acts on the section (the buyer's rights: /mis-datos). */
  link: z.object({ href: z.string(), text: z.string() }).nullable(),
});
export type PrivacyNoticeSection = z.infer<typeof privacyNoticeSectionSchema>;

/** GET /api/privacy-notice: the version in force. */
export const privacyNoticeSchema = z.object({
  version: z.string(),
  publishedAt: isoDateTimeSchema,
  sections: z.array(privacyNoticeSectionSchema),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** Where a buyer exercises their rights (the self-service page). */
/**
 * Days the scaled mode's event log (Kafka) keeps a message: events name the buyer, and a
 * log is erased by age, not by edit (core/src/bus/kafka-bus.ts).
 */
export const EVENT_RETENTION_DAYS = 7;

export const MY_DATA_PATH = '/mis-datos';
export const PRIVACY_NOTICE_PATH = '/privacidad';

const section = (
  id: string,
  title: string,
  parts: Partial<Omit<PrivacyNoticeSection, 'id' | 'title'>>,
): PrivacyNoticeSection => ({
  id,
  title,
  paragraphs: parts.paragraphs ?? [],
  items: parts.items ?? [],
  link: parts.link ?? null,
});

/** Lines whose value is empty are left out. */
const filled = (lines: Array<[string, string]>) =>
  lines.filter(([, value]) => value.trim() !== '').map(([label, value]) => `${label}: ${value}`);

/** The e-mail for data requests: the privacy e-mail, else the site's contact e-mail. */
export function privacyContactEmail(facts: PrivacyNoticeFacts): string {
  return facts.organizer.privacyEmail.trim() || facts.contactEmail.trim();
}

function controller(facts: PrivacyNoticeFacts): PrivacyNoticeSection {
  const o = facts.organizer;
  const dpo = [o.dpoName.trim(), o.dpoEmail.trim() && `(${o.dpoEmail.trim()})`]
    .filter(Boolean)
    .join(' ');
  return section('responsable', 'Responsable del tratamiento', {
    items: filled([
      ['Responsable', o.legalName],
      ['RUC', o.ruc],
      ['Dirección', o.address],
      ['Correo para temas de datos personales', privacyContactEmail(facts)],
      ['Delegado de protección de datos', dpo],
    ]),
  });
}

const COLLECTED = section('datos', 'Qué datos recogemos y para qué', {
  items: [
    'Nombre, apellido, e-mail y teléfono: para enviarte tus números y avisarte del estado de tu pedido y del sorteo.',
    'Cédula o RUC (si la das), dirección, ciudad y provincia: para identificar a quien gana y entregarle el premio, y para cumplir obligaciones legales y tributarias.',
    'Los datos de tu compra (paquete, cantidad, valor, método de pago, números) y los comprobantes de transferencia que subes: para confirmar tu pago y asignarte tus números.',
    'No guardamos los datos de tu tarjeta: los procesa el proveedor de pagos.',
  ],
  paragraphs: [
    'La base del tratamiento es la ejecución de la compra que solicitas y tu consentimiento, que das al aceptar esta política al comprar.',
  ],
});

function retention(facts: PrivacyNoticeFacts): PrivacyNoticeSection {
  const { retentionMonths, winnerRetentionMonths } = facts.privacy;
  const months = (n: number) => (n === 1 ? '1 mes' : `${n} meses`);
  return section('conservacion', 'Cuánto tiempo los guardamos', {
    items: [
      `Si no ganas: tus datos personales se anonimizan ${months(retentionMonths)} después del sorteo de la rifa en la que compraste, y los comprobantes se eliminan.`,
      `Si ganas: guardamos tus datos ${months(winnerRetentionMonths)} después del sorteo, el plazo legal del premio.`,
      'La compra, sus valores y números se conservan sin datos que te identifiquen, porque la transparencia del sorteo los necesita.',
      `Las copias técnicas de los mensajes entre nuestros servicios se borran solas en ${EVENT_RETENTION_DAYS} días; también una eliminación las alcanza en ese plazo.`,
    ],
  });
}

function recipients(facts: PrivacyNoticeFacts): PrivacyNoticeSection {
  const items = [
    ...(facts.paymentProviders.length
      ? [`Pagos: ${facts.paymentProviders.join(', ')}, que procesan tu pago.`]
      : []),
    ...(facts.messagingProviders.length
      ? [`Mensajes: ${facts.messagingProviders.join(', ')}, que te envían tus números y avisos.`]
      : []),
    ...(facts.invoicing
      ? [`${facts.invoicing.authority}: los datos de la factura electrónica de tu compra.`]
      : []),
  ];
  return section('destinatarios', 'Quién recibe tus datos', {
    items,
    paragraphs: [
      'Solo quienes hacen posible el servicio, que los tratan por encargo nuestro. No vendemos ni cedemos tus datos para publicidad de terceros.',
    ],
  });
}

function rights(facts: PrivacyNoticeFacts): PrivacyNoticeSection {
  const email = privacyContactEmail(facts);
  return section('derechos', 'Tus derechos y cómo ejercerlos', {
    items: [
      'Acceso: descargar todo lo que guardamos sobre ti.',
      'Rectificación y actualización de tus datos de contacto.',
      'Eliminación: anonimizamos tus datos y conservamos solo lo que la ley o la transparencia del sorteo exigen.',
      'Oposición y retiro del consentimiento para recibir noticias, en cualquier momento.',
    ],
    paragraphs: [
      'Respondemos en un máximo de 15 días.',
      ...(email ? [`También puedes escribirnos a ${email}.`] : []),
      'Si no quedas conforme, puedes acudir a la Superintendencia de Protección de Datos Personales.',
    ],
    link: { href: MY_DATA_PATH, text: 'Ejercer mis derechos con mi e-mail' },
  });
}

const MARKETING = section('noticias', 'Noticias de próximas rifas', {
  paragraphs: [
    'Solo te enviamos noticias de próximas rifas si lo eliges al comprar (la casilla viene sin marcar). Cada correo trae un enlace "Dejar de recibir noticias" que retira tu consentimiento con un clic.',
  ],
});

/** The notice's sections, in reading order. */
export function privacyNoticeSections(facts: PrivacyNoticeFacts): PrivacyNoticeSection[] {
  return [
    controller(facts),
    COLLECTED,
    retention(facts),
    recipients(facts),
    rights(facts),
    MARKETING,
  ];
}
