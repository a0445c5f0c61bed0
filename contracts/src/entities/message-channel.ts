// Where a buyer receives the numbers and the order's messages: WhatsApp or SMS (e-mail
// always goes as well). WhatsApp needs the buyer's opt-in, in words Meta accepts, so the
// purchase keeps the exact text shown and when it was accepted.
import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { MESSAGE_CHANNEL_TEXTS, MESSAGE_CHANNELS } from './message-channel-texts';

export const messageChannelSchema = z.enum(MESSAGE_CHANNELS);

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
