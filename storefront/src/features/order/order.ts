// Pure pieces of the order page: where the order is (id and key from the address), the
// countdown text, the WhatsApp link and the receipt checks the browser can make first
// (the server checks again, by content).
import { RECEIPT_MAX_BYTES, RECEIPT_TYPES, ORDER_MESSAGES } from '@vag/contracts';

export function orderLocation(search: string): { id: string; key: string } | null {
  const params = new URLSearchParams(search);
  const id = params.get('id')?.trim();
  const key = params.get('key')?.trim();
  return id && key ? { id, key } : null;
}

/** '1 d 02:03:04', '02:03:04' or '00:00:00' once the deadline passed. */
export function countdownText(deadline: string, now: number): string {
  let seconds = Math.max(0, Math.floor((new Date(deadline).getTime() - now) / 1000));
  const days = Math.floor(seconds / 86_400);
  seconds -= days * 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}

export function whatsappOrderLink(number: string, text: string): string | null {
  const digits = number.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
}

/** A Spanish reason to refuse the file before sending it, or null. */
export function receiptProblem(file: { size: number; type: string }): string | null {
  if (file.size === 0) return ORDER_MESSAGES.receiptEmpty;
  if (file.size > RECEIPT_MAX_BYTES) return ORDER_MESSAGES.receiptTooLarge;
  if (file.type && !(RECEIPT_TYPES as readonly string[]).includes(file.type))
    return ORDER_MESSAGES.receiptType;
  return null;
}

/**
 * The order code without its hyphen, for banking apps whose concept field takes letters
 * and digits only. Codes are made for concept fields: 'VAG-' and 6 characters (10 in all,
 * under the 20–30 characters Ecuadorian banking apps keep before truncating), uppercase
 * letters and digits without look-alikes (no 0/O, 1/I/L: core/src/purchase-lifecycle/
 * order-code.ts), and the statement import finds them with or without the hyphen.
 */
export function conceptCode(orderCode: string): string {
  return orderCode.replace(/-/g, '');
}

/** Orders whose chosen numbers are still held for them (shown as "apartados"). */
const HOLDING_STATES: readonly string[] = ['awaiting_payment', 'in_review', 'rejected'];

/**
 * The numbers to show on the order page: the assigned ones once paid; before payment, in a
 * pick-mode raffle, the buyer's chosen numbers as held ("apartados") while the order waits.
 */
export function shownNumbers(order: {
  state: string;
  assignedNumbers: readonly string[];
  pickedNumbers?: readonly string[] | undefined;
}): { numbers: string[]; held: boolean } {
  if (order.assignedNumbers.length > 0) return { numbers: [...order.assignedNumbers], held: false };
  const picked = order.pickedNumbers ?? [];
  return HOLDING_STATES.includes(order.state) && picked.length > 0
    ? { numbers: [...picked], held: true }
    : { numbers: [], held: false };
}
