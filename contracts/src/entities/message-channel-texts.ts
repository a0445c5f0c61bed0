// The channels a buyer may choose for the numbers and the words the checkout shows about
// them, free of zod: the buyer form imports them without the schemas (message-channel.ts).
export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_CHANNEL_TEXTS = {
  question: '¿Dónde quieres recibir tus números?',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  /** The opt-in Meta requires before a business writes first: who writes, about what, where. */
  whatsappOptIn:
    'Acepto recibir de Voy a Ganar por WhatsApp los mensajes de mi compra: datos para pagar, recordatorios, mis números y el resultado del sorteo.',
  channelInvalid: 'Elige WhatsApp o SMS para recibir tus números',
} as const;
