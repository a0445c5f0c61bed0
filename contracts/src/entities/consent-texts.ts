// The marketing consent's Spanish texts (checkout, order page, /baja), with no schema:
// the buyer's pages import them without zod (entities/consent.ts holds the schemas).
export const CONSENT_MESSAGES = {
  marketingInvalid: 'Indica si quieres recibir noticias de próximas rifas',
  marketingLabel: 'Quiero recibir noticias de próximas rifas',
  unsubscribeLink: 'Dejar de recibir noticias',
  unsubscribed: (email: string) =>
    `Listo: ${email} ya no recibirá noticias de próximas rifas. Seguirás recibiendo los mensajes de tus compras.`,
  unsubscribeInvalid:
    'Este enlace para dejar de recibir noticias no es válido. Copia el enlace completo del correo o escríbenos.',
  unsubscribeExpired:
    'Este enlace para dejar de recibir noticias ya venció. Usa el de un correo más reciente o retira tu permiso desde Mis datos.',
} as const;
