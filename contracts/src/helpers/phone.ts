// Ecuadorian phone numbers in E.164 for PayPhone and Twilio (SPEC §7: leading 0 → +593).
import { ECUADOR_CALLING_CODE } from '../constants';

/** '099 123-4567' → '+593991234567'; '+593…' kept; other international numbers kept. */
export function toEcuadorE164(phone: string | null | undefined): string {
  const cleaned = String(phone ?? '').replace(/[\s\-().]/g, '');
  if (!cleaned) return '';
  if (cleaned.startsWith('+')) return cleaned;
  if (cleaned.startsWith('00')) return `+${cleaned.slice(2)}`;
  if (cleaned.startsWith('593') && cleaned.length >= 11) return `+${cleaned}`;
  if (cleaned.startsWith('0')) return `${ECUADOR_CALLING_CODE}${cleaned.slice(1)}`;
  return `${ECUADOR_CALLING_CODE}${cleaned}`;
}
