// Which settings a save changed, in Spanish, for its audit entry: names only, never a
// value (secrets, and account numbers, stay out of the log). Fields this list does not
// name yet (a new card's) still show, by their path.
const LABELS: Record<string, string> = {
  email: 'correo de contacto',
  contactNumber: 'número de contacto',
  mongoDBConnection: 'cadena de conexión de la base de datos',
  'socialMedia.facebook': 'Facebook',
  'socialMedia.instagram': 'Instagram',
  'socialMedia.tiktok': 'TikTok',
  'payment.stripeSecretKey': 'clave secreta de Stripe',
  'payment.stripePublishableKey': 'clave publicable de Stripe',
  'payment.stripeWebhookSecret': 'secreto del webhook de Stripe',
  'payment.paypalClientId': 'Client ID de PayPal',
  'payment.paypalSecret': 'secreto de PayPal',
  'payment.paypalMode': 'modo de PayPal',
  'payment.payphoneToken': 'token de PayPhone',
  'payment.payphoneStoreId': 'Store ID de PayPhone',
  'messaging.smtpUrl': 'servidor SMTP',
  'messaging.mailFrom': 'remitente de correo',
  'messaging.twilioAccountSid': 'cuenta de Twilio',
  'messaging.twilioAuthToken': 'token de Twilio',
  'messaging.twilioFrom': 'número de Twilio',
  whatsappNumber: 'número de WhatsApp',
  transferHoldHours: 'horas de reserva por transferencia',
  reminderLeadHours: 'recordatorio',
  resellersCanConfirm: 'revendedores pueden confirmar',
};

const BANK_FIELDS: Record<string, string> = {
  bank: 'banco',
  type: 'tipo',
  number: 'número',
  holder: 'titular',
  holderId: 'cédula/RUC del titular',
};

const SKIPPED = new Set(['_id', 'updatedAt']);

/** Leaf values by dotted path (arrays by index). */
function leaves(value: unknown, prefix = '', out = new Map<string, string>()) {
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, inner] of Object.entries(value)) {
      if (!prefix && SKIPPED.has(key)) continue;
      leaves(inner, prefix ? `${prefix}.${key}` : key, out);
    }
  } else out.set(prefix, JSON.stringify(value ?? null));
  return out;
}

function label(path: string): string {
  const bank = /^bankAccounts\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (bank) {
    const field = bank[2] ? (BANK_FIELDS[bank[2]] ?? bank[2]) : null;
    return `cuenta bancaria ${Number(bank[1]) + 1}${field ? ` (${field})` : ''}`;
  }
  return LABELS[path] ?? path;
}

/** The labels of the fields whose value differs, each once, in a stable order. */
export function changedSettings(before: object, after: object): string[] {
  const a = leaves(before);
  const b = leaves(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p));
  const labels = paths.map(label);
  // One account's several fields read as one entry per account and field.
  return [...new Set(labels)];
}
