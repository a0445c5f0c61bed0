// WhatsApp for a sale, as an operator sets it up: the numbers template approved in Twilio
// (the fake), its id and sender saved in Ajustes, and the ticket as the template's media,
// the signed link WhatsApp fetches with no cookies. A share of the buyers' numbers is
// refused for good (not on WhatsApp, no opt-in…) so their numbers go by the SMS fallback.
import { saveWhatsappSettings } from '@vag/core/messaging/whatsapp-settings';
import type { FakeTwilio } from '@vag/core/testing/fakes/index';
import type { FakeSms } from '@vag/core/testing/fakes/twilio';
import { PIPELINE_MESSAGES } from '@vag/contracts';
import type { Db } from 'mongodb';

export const NUMBERS_TEMPLATE = `HX${'5a1e'.repeat(8)}`;

/** Twilio's permanent WhatsApp codes a sale meets: not on WhatsApp, no opt-in, outside the window. */
export const REFUSAL_CODES = [63003, 63016, 63024] as const;

export async function enableWhatsapp(
  db: Db,
  twilio: FakeTwilio,
  options: { baseUrl: string; refusedShare: number },
): Promise<void> {
  // {{4}}: the ticket's signed token (WHATSAPP_VARIABLES.numbers, then the media link).
  twilio.approveTemplate(NUMBERS_TEMPLATE, {
    body: 'Hola {{1}}, tus números: {{2}}. {{3}}',
    mediaUrl: `${options.baseUrl.replace(/\/$/, '')}/api/whatsapp/ticket/{{4}}`,
  });
  twilio.failWhatsappShare(options.refusedShare, REFUSAL_CODES);
  const saved = await saveWhatsappSettings(db, {
    from: twilio.whatsappFrom.replace(/^whatsapp:/, ''),
    templates: { numbers: NUMBERS_TEMPLATE },
  });
  if (!saved.ok) throw new Error(`WhatsApp settings refused: ${JSON.stringify(saved.errors)}`);
}

// The numbers SMS, told apart from the order-link one a transfer buyer also gets.
const SMS_MARK = PIPELINE_MESSAGES.sms('', null).split(' Tus')[0]!;

/** The last nine digits: the same phone as typed (09…) or as sent (+593 9…, whatsapp:…). */
export const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-9);

/** A message with a buyer's numbers: the WhatsApp template's, or the numbers SMS. */
export function isNumbersMessage(m: FakeSms): boolean {
  return m.channel === 'whatsapp' ? m.contentSid === NUMBERS_TEMPLATE : m.body.startsWith(SMS_MARK);
}

/** The numbers messages Twilio took, by phone and channel. */
export function numbersMessagesByPhone(
  messages: FakeSms[],
): Map<string, { whatsapp: FakeSms[]; sms: FakeSms[] }> {
  const byPhone = new Map<string, { whatsapp: FakeSms[]; sms: FakeSms[] }>();
  for (const m of messages) {
    if (!isNumbersMessage(m)) continue;
    const key = phoneKey(m.to);
    const entry = byPhone.get(key) ?? { whatsapp: [], sms: [] };
    entry[m.channel].push(m);
    byPhone.set(key, entry);
  }
  return byPhone;
}
