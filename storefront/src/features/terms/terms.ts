// The figures of the current raffle that the terms quote, so the rules a buyer accepts
// are this raffle's and not a template's.
import {
  formatCount,
  formatDateTime,
  formatUsd,
  RESERVATION_MINUTES,
  type Raffle,
} from '@vag/contracts';

export interface TermsFigures {
  name: string;
  prize: string;
  total: string;
  price: string;
  endDate: string;
  /** Digits of a number of this raffle: the winner is read from that many lottery digits. */
  digits: number;
  first: string;
  last: string;
}

export function termsFigures(raffle: Raffle | null): TermsFigures | null {
  if (!raffle?.name) return null;
  const digits = raffle.numberWidth;
  return {
    name: raffle.name,
    prize: raffle.prize,
    total: formatCount(raffle.totalNumbers),
    price: formatUsd(raffle.pricePerNumber),
    endDate: raffle.endDate ? formatDateTime(raffle.endDate) : '',
    digits,
    first: '0'.padStart(digits, '0'),
    last: String(raffle.totalNumbers - 1).padStart(digits, '0'),
  };
}

/** '30 minutos', '48 horas': how long an unpaid order holds its numbers. */
export function holdText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutos`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

export const HOLDS = [
  { method: 'Tarjeta de crédito o débito', text: holdText(RESERVATION_MINUTES.card) },
  { method: 'PayPal', text: holdText(RESERVATION_MINUTES.paypal) },
  { method: 'PayPhone', text: holdText(RESERVATION_MINUTES.mobile) },
  { method: 'Transferencia bancaria', text: holdText(RESERVATION_MINUTES.bank_transfer) },
] as const;
