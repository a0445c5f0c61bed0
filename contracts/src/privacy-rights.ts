// A buyer's rights over their personal data (LOPDP arts. 13–15): they ask at /mis-datos
// with their e-mail, the link goes only to that mailbox, and with it they download, correct,
// withdraw marketing consent or ask for deletion. Every request is answered within 15 days.
import { z } from 'zod';
import './zod-locale';
import { buyerFieldsSchema, checkAddress } from './entities/buyer';
import { lookupRequestSchema } from './lookup';

/** How long the e-mailed link opens the buyer's data (single use). */
export const MY_DATA_LINK_HOURS = 24;
/** How long the session the link opens lasts. */
export const MY_DATA_SESSION_MINUTES = 30;
/** The law's answer time for a request (LOPDP art. 13–15). */
export const DATA_REQUEST_DAYS = 15;
/** The session cookie the link's exchange sets (httpOnly, path /api/my-data). */
export const MY_DATA_COOKIE = 'vag_my_data';

export const DATA_REQUEST_KINDS = [
  'access',
  'export',
  'correction',
  'marketing_withdrawal',
  'deletion',
] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUEST_STATUSES = ['pending', 'done'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** POST /my-data/requests: the same e-mail rules as the lookup. */
export const myDataRequestSchema = lookupRequestSchema;

/** POST /my-data/session: the e-mailed link's token, exchanged once. */
export const myDataTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** PATCH /my-data: contact data, validated as the checkout validates it (address required). */
export const contactCorrectionSchema = buyerFieldsSchema
  .pick({
    firstName: true,
    lastName: true,
    phone: true,
    province: true,
    city: true,
    address: true,
  })
  .superRefine((values, ctx) => checkAddress(values, 'bank_transfer', ctx));
export type ContactCorrection = z.infer<typeof contactCorrectionSchema>;

/** POST /my-data/deletion: the buyer confirms by typing their e-mail. */
export const deletionConfirmSchema = z.object({ confirm: z.literal(true) });

/**
 * A phone or cédula of the person that another buyer's purchase carries too: a deletion
 * neither exports nor erases what only that value links, and staff review it.
 */
export const dataRequestReviewItemSchema = z.object({
  field: z.enum(['phone', 'document']),
  value: z.string(),
  /** The other buyers' purchases (order codes) that carry it. */
  otherOrders: z.array(z.string()),
});
export type DataRequestReviewItem = z.infer<typeof dataRequestReviewItemSchema>;

/** What staff read of an item left for review. */
export function reviewItemText(item: DataRequestReviewItem): string {
  const field = item.field === 'phone' ? 'Teléfono' : 'Cédula o RUC';
  return `${field} ${item.value}: también está en ${item.otherOrders.join(', ')}, de otra persona. No se exportó ni se borró nada vinculado solo por ese dato; revisa a quién pertenece.`;
}

/** A request as staff see it (GET /admin/data-requests). */
export const dataRequestSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  channel: z.enum(['web', 'staff']),
  createdAt: z.string(),
  dueAt: z.string(),
  status: z.enum(DATA_REQUEST_STATUSES),
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
  what: z.string().nullable(),
  note: z.string().nullable(),
  /** What a deletion left for staff to review (empty: nothing). */
  review: z.array(dataRequestReviewItemSchema),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

/** POST /admin/data-requests: a request received by another channel (letter, phone…). */
export const staffDataRequestSchema = z.object({
  email: lookupRequestSchema.shape.email,
  kind: z.enum(DATA_REQUEST_KINDS),
  note: z.string().trim().max(500).default(''),
});

/** POST /admin/data-requests/{id}/done. */
export const dataRequestDoneSchema = z.object({
  what: z.string().trim().min(1, { error: 'Escribe qué se hizo.' }).max(500),
});

export const DATA_REQUEST_KIND_WORDS: Record<DataRequestKind, string> = {
  access: 'Acceso (enlace)',
  export: 'Descarga de datos',
  correction: 'Rectificación',
  marketing_withdrawal: 'Retiro de consentimiento de novedades',
  deletion: 'Eliminación',
};

export const MY_DATA_TEXTS = {
  requested:
    'Si hay datos con ese correo, te enviamos un enlace para verlos. Revisa también spam o promociones; el enlace vale 24 horas y se usa una sola vez.',
  linkExpired:
    'Este enlace ya venció (vale 24 horas). Pide uno nuevo con tu correo en «Mis datos».',
  linkUsed:
    'Este enlace ya se usó (vale una sola vez). Pide uno nuevo con tu correo en «Mis datos».',
  linkInvalid: 'Este enlace no es válido. Pide uno nuevo con tu correo en «Mis datos».',
  sessionEnded:
    'Tu acceso terminó (dura 30 minutos). Pide un enlace nuevo con tu correo en «Mis datos».',
  corrected: 'Listo: guardamos tus datos de contacto en todas tus compras.',
  marketingWithdrawn: 'Listo: ya no te enviaremos novedades de próximas rifas.',
  deleted:
    'Listo: borramos tus datos personales. Conservamos, sin tu nombre ni tus datos de contacto, tus compras, montos, números y facturas, y el registro del sorteo, porque la ley y la transparencia del sorteo lo exigen.',
  deletionExplained:
    'Eliminar tus datos reemplaza tu nombre, correo, teléfono, cédula y dirección en tus compras y en todo lo vinculado a ellas, y borra tus comprobantes de pago. Si tu teléfono o cédula también figura en la compra de otra persona, allí no se toca: nuestro equipo lo revisa. Conservamos sin tus datos tus compras, montos, números y facturas, y el registro del sorteo, porque la ley y la transparencia del sorteo lo exigen. No se puede deshacer.',
  mailSubject: 'Tus datos personales en Voy a Ganar',
  mailWithLink: (link: string) =>
    `Nos pediste ver tus datos personales.\n\nAbre este enlace para descargarlos, corregirlos, dejar de recibir novedades o pedir que los borremos (vale 24 horas y se usa una sola vez):\n${link}\n\nSi no lo pediste tú, ignora este correo: nadie más recibe el enlace.`,
  mailWithoutData:
    'Nos pediste ver tus datos personales.\n\nNo tenemos datos personales asociados a este correo.\n\nSi no lo pediste tú, ignora este correo.',
  pdfTitle: 'Tus datos personales',
  pdfIntro:
    'Aquí está todo lo que Voy a Ganar guarda sobre ti: lo vinculado a tu correo y a tus compras. Si algo no es correcto, corrígelo en «Mis datos» o escríbenos.',
  pdfNothing: 'Nada guardado.',
  answeredWithLink: 'Se envió al correo el enlace de acceso a sus datos.',
  answeredWithoutData: 'Se respondió al correo que no tenemos datos personales suyos.',
  deletionDone:
    'Datos personales anonimizados; comprobantes borrados. Se conservan compras, montos, números, facturas, el registro de auditoría y el del sorteo.',
  deletionReview: (count: number) =>
    `Quedan para revisión ${count === 1 ? '1 dato compartido' : `${count} datos compartidos`} con otras compras.`,
  retentionNote: 'Plazo de conservación cumplido: anonimizado automáticamente.',
} as const;

/** The days a request has to be answered, from when it arrived. */
export function dataRequestDueAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + DATA_REQUEST_DAYS * 86_400_000);
}
