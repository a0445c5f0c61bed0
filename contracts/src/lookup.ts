// The purchase lookup by e-mail (SPEC §2 "Lookup"). Anyone may type an e-mail, so the
// answer never says whether it has purchases: the buyer gets their order links by e-mail,
// and the on-page list (status, assignedNumbers) opens from a signed, expiring link in it.
import { z } from 'zod';
import './zod-locale';
import { BUYER_MAX_LENGTH } from './entities/buyer-rules';
import { BUYER_MESSAGES, VALIDATION } from './messages';
import { formatUsd } from './helpers';

/** How long the list link of a lookup e-mail opens the list. */
export const LOOKUP_LINK_HOURS = 24;
/** How many orders one lookup e-mail lists (the newest). */
export const LOOKUP_MAIL_MAX_ORDERS = 20;

/** POST /purchases/lookup. */
export const lookupRequestSchema = z.object({
  // A format the api document states (format: email), so clients and fuzzers know it.
  email: z
    .string({ error: VALIDATION.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: VALIDATION.emailRequired })
    .max(BUYER_MAX_LENGTH.email, { error: BUYER_MESSAGES.tooLong(BUYER_MAX_LENGTH.email) })
    .email({ error: VALIDATION.emailInvalid }),
});
export type LookupRequest = z.infer<typeof lookupRequestSchema>;

/** The same answer whether the e-mail has purchases or not. */
export const lookupRequestAnswerSchema = z.object({ msg: z.string() });

/** GET /purchases/by-email/{email}?token=…: the token of the e-mail's list link. */
export const lookupTokenQuerySchema = z.object({ token: z.string().trim().max(300).optional() });

/** One order as the lookup e-mail lists it. */
export interface LookupMailOrder {
  orderCode: string;
  quantity: number;
  totalPrice: number;
  statusText: string;
  link: string;
}

/** One raffle's orders in the lookup e-mail, under the raffle's name. */
export interface LookupMailRaffle {
  raffleName: string;
  orders: LookupMailOrder[];
}

const orderLines = (orders: LookupMailOrder[]) =>
  orders
    .map(
      (o) =>
        `${o.orderCode}: ${o.quantity} ${o.quantity === 1 ? 'número' : 'números'}, ${formatUsd(o.totalPrice)}, ${o.statusText}\n${o.link}`,
    )
    .join('\n\n');

export const LOOKUP_MESSAGES = {
  sent: (email: string) =>
    `Te enviamos tus pedidos a ${email}. Si compraste con ese correo, ahí tienes el enlace de cada pedido; revisa también spam o promociones.`,
  linkInvalid:
    'El enlace de consulta no es válido o ya venció. Escribe tu correo y te enviaremos uno nuevo.',
  listTitle: (email: string) => `Tus compras con ${email}`,
  mailSubject: 'Tus pedidos en Voy a Ganar',
  /** The orders grouped by raffle, each group under its raffle's name. */
  mailWithOrders: (raffles: LookupMailRaffle[], listUrl: string) =>
    [
      'Nos pediste los pedidos hechos con este correo. Cada enlace abre la página de su pedido:',
      ...raffles.map((r) => `${r.raffleName}\n\n${orderLines(r.orders)}`),
      `Para ver todas tus compras con sus números en nuestra página (el enlace vale ${LOOKUP_LINK_HOURS} horas):\n${listUrl}`,
      'Si no pediste esta consulta, ignora este correo: nadie más recibe estos enlaces.',
    ].join('\n\n'),
  mailWithoutOrders:
    'Nos pediste los pedidos hechos con este correo, pero no encontramos ninguno. Si compraste con otro correo, consulta con ese.\n\nSi no pediste esta consulta, ignora este correo.',
} as const;
