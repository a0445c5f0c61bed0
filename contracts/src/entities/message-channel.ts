// Where a buyer receives the numbers and the order's messages: WhatsApp or SMS (e-mail
// always goes as well). WhatsApp needs the buyer's opt-in, in words Meta accepts, so the
// purchase keeps the exact text shown and when it was accepted.
import { z } from 'zod';
import { isoDateTimeSchema } from '../common';

export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export const messageChannelSchema = z.enum(MESSAGE_CHANNELS);
export type MessageChannel = z.infer<typeof messageChannelSchema>;

export const MESSAGE_CHANNEL_TEXTS = {
  question: '¿Dónde quieres recibir tus números?',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  /** The opt-in Meta requires before a business writes first: who writes, about what, where. */
  whatsappOptIn:
    'Acepto recibir de Voy a Ganar por WhatsApp los mensajes de mi compra: datos para pagar, recordatorios, mis números y el resultado del sorteo.',
  channelInvalid: 'Elige WhatsApp o SMS para recibir tus números',
} as const;

/** The create-order payload's choice. Absent (older clients): SMS, as before, no opt-in. */
export const orderMessagingInputSchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS, { error: MESSAGE_CHANNEL_TEXTS.channelInvalid }),
});
export type OrderMessagingInput = z.input<typeof orderMessagingInputSchema>;

/** `purchase.messaging`: the chosen channel and, for WhatsApp, the opt-in as accepted. */
export const purchaseMessagingSchema = z.object({
  channel: messageChannelSchema,
  optIn: z.object({ text: z.string(), at: isoDateTimeSchema }).nullable(),
});
export type PurchaseMessaging = z.infer<typeof purchaseMessagingSchema>;
