// Pure rules of the checkout: buyer validation per method, the order payload, the
// method list and the PayPhone box parameters (SPEC §5, §7, §9).
import {
  BUYER_FORM_DEFAULTS,
  buyerFormProblems,
  CLIENT_TRANSACTION_ID_PREFIX,
  CUSTOM_PACKAGE_ID,
  isCheckoutMethodAllowed,
  PAYMENT_PROVIDER_BY_METHOD,
  PAYPHONE_DOCUMENT_PLACEHOLDER,
  payphoneAmounts,
  toEcuadorE164,
  unitPrice,
  type CreateOrderInput,
  type MessageChannel,
  type MobileOrderResponse,
  type PaymentMethod,
  type SelectedPackage,
} from '@vag/contracts';

export type BuyerValues = {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  phone: string;
  country: string;
  province: string;
  city: string;
  address: string;
  document: string;
  acceptedTerms: boolean;
  /** News of the next raffles: a choice of its own, never ticked for the buyer. */
  marketing: boolean;
  /** Where the numbers go besides e-mail; WhatsApp unless the buyer picks SMS. */
  messageChannel: MessageChannel;
};
export type BuyerField = keyof BuyerValues;
export type FieldErrors = Partial<Record<BuyerField, string>>;

export const EMPTY_BUYER: BuyerValues = {
  ...BUYER_FORM_DEFAULTS,
  marketing: false,
  messageChannel: 'whatsapp',
};

/** Card is shown but not allowed through (SPEC §9). */
export function isAllowedMethod(method: PaymentMethod | null): method is PaymentMethod {
  return isCheckoutMethodAllowed(method);
}

/**
 * The first message of each invalid field, per the rules of the chosen method: contracts'
 * buyer rules, the functions the server's schema is built on, run here without zod.
 */
export function validateBuyer(values: BuyerValues, method: PaymentMethod | null): FieldErrors {
  return buyerFormProblems(values, method);
}

/** Editing a field clears its error (SPEC §5). */
export function clearFieldError(errors: FieldErrors, field: BuyerField): FieldErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** 'trx-' plus a unique id, within PayPhone's 50 characters. */
export function newClientTransactionId(uuid: () => string = () => crypto.randomUUID()): string {
  return `${CLIENT_TRANSACTION_ID_PREFIX}${uuid().replace(/-/g, '')}`;
}

/** The random concept a transfer should carry, e.g. 'VAG-7K2Q9D'. */
export function randomConceptReference(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 6; i++) code += alphabet[Math.floor(random() * alphabet.length)] ?? 'X';
  return `VAG-${code}`;
}

export function buildOrderPayload(
  pkg: SelectedPackage,
  buyer: BuyerValues,
  method: PaymentMethod,
  clientTransactionId?: string,
): CreateOrderInput {
  const custom = pkg.id === CUSTOM_PACKAGE_ID;
  const { marketing, messageChannel, ...fields } = buyer;
  const trimmed = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as Omit<BuyerValues, 'marketing' | 'messageChannel'>;
  return {
    amount: pkg.price,
    quantity: pkg.quantity,
    unitPrice: unitPrice(pkg),
    totalPrice: pkg.price,
    packageId: custom ? null : pkg.id,
    resellerCode: pkg.resellerCode ?? null,
    paymentMethod: method,
    buyer: {
      ...trimmed,
      email: trimmed.email.toLowerCase(),
      confirmEmail: trimmed.confirmEmail.toLowerCase(),
      country: 'ECUADOR',
      acceptedTerms: true,
      paymentProvider: PAYMENT_PROVIDER_BY_METHOD[method] as
        'stripe' | 'paypal' | 'bank_transfer' | 'payphone',
    },
    ...(custom
      ? { packageData: { name: pkg.name, quantity: pkg.quantity, price: pkg.price } }
      : {}),
    ...(clientTransactionId ? { clientTransactionId } : {}),
    consent: { marketing },
    // A draft restored from storage may hold anything: only an explicit SMS opts out.
    messaging: { channel: messageChannel === 'sms' ? 'sms' : 'whatsapp' },
  };
}

/**
 * One sending of a draft: the order as sent, its Idempotency-Key and (PayPhone) its
 * transaction id. The same order sent again (a double click, a retry after a lost answer)
 * keeps both, so the server answers the first order (SPEC §7); any change makes a new one.
 */
export interface OrderAttempt {
  body: string;
  key: string;
  clientTransactionId: string;
}

/** A random id; `randomUUID` exists only on https and localhost, `getRandomValues` everywhere. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function orderAttempt(
  previous: OrderAttempt | null,
  order: CreateOrderInput,
  uuid: () => string = randomId,
): OrderAttempt {
  const body = JSON.stringify(order);
  if (previous?.body === body) return previous;
  return { body, key: uuid(), clientTransactionId: newClientTransactionId(uuid) };
}

/** /payphone-box.html with the parameters of SPEC §7 (amounts in cents, +593 phone). */
export function payphoneBoxUrl(
  response: MobileOrderResponse,
  order: {
    totalPrice: number;
    clientTransactionId: string;
    buyer: Pick<BuyerValues, 'phone' | 'email' | 'document'>;
  },
): string {
  const amounts = payphoneAmounts(order.totalPrice);
  const params = new URLSearchParams({
    transaction: order.clientTransactionId,
    token: response.token ?? '',
    storeId: response.storeId ?? '',
    amount: String(amounts.amount),
    amountWithTax: String(amounts.amountWithTax),
    amountWithoutTax: String(amounts.amountWithoutTax),
    tax: String(amounts.tax),
    reference: response.reference ?? `Compra ${order.clientTransactionId}`,
    payUrl: response.payUrl,
    id: String(response.id),
    phone: toEcuadorE164(order.buyer.phone),
    email: order.buyer.email.trim().toLowerCase(),
    documentId: order.buyer.document.trim() || PAYPHONE_DOCUMENT_PLACEHOLDER,
  });
  return `/payphone-box.html?${params.toString()}`;
}

/** Ecuador's 24 provinces, for the province select. */
export const PROVINCES = [
  'Azuay',
  'Bolívar',
  'Cañar',
  'Carchi',
  'Chimborazo',
  'Cotopaxi',
  'El Oro',
  'Esmeraldas',
  'Galápagos',
  'Guayas',
  'Imbabura',
  'Loja',
  'Los Ríos',
  'Manabí',
  'Morona Santiago',
  'Napo',
  'Orellana',
  'Pastaza',
  'Pichincha',
  'Santa Elena',
  'Santo Domingo de los Tsáchilas',
  'Sucumbíos',
  'Tungurahua',
  'Zamora Chinchipe',
] as const;
