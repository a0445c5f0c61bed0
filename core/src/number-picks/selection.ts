// A buyer's chosen numbers checked against the raffle they are for: the mode allows (or
// requires) them, each exists (0 … N−1), and they are read as the raffle writes them
// (zero-padded to its width). Format, repeats and the count against the quantity are the
// contract's (pickedNumbersSchema, createOrderSchema).
import { padNumber, PICK_TEXTS, type CreateOrder } from '@vag/contracts';
import { numberModeOf, type RaffleDoc } from '../db/raffle';
import { OrderRefused } from '../purchase-lifecycle/order-refused';

export interface Selection {
  /** The numbers as integers, in the buyer's order. */
  values: number[];
  /** The same, padded to the raffle's width (what the buyer reads). */
  numbers: string[];
}

/** Refused with the field's message: `numbers` is the form's field for the selection. */
function refuse(message: string): OrderRefused {
  return new OrderRefused(400, message, { numbers: message });
}

/** null for a random-mode raffle (its order must not choose), the checked selection otherwise. */
export function orderSelection(
  raffle: Pick<RaffleDoc, 'numberMode' | 'totalNumbers' | 'numberWidth'>,
  order: Pick<CreateOrder, 'numbers'>,
): Selection | null {
  if (numberModeOf(raffle) === 'random') {
    if (order.numbers) throw refuse(PICK_TEXTS.pickNotAllowed);
    return null;
  }
  if (!order.numbers?.length) throw refuse(PICK_TEXTS.pickRequired);
  return checkedSelection(raffle, order.numbers);
}

export function checkedSelection(
  raffle: Pick<RaffleDoc, 'totalNumbers' | 'numberWidth'>,
  chosen: readonly string[],
): Selection {
  const last = padNumber(raffle.totalNumbers - 1, raffle.numberWidth);
  const values = chosen.map((n) => {
    const value = Number(n);
    if (!Number.isInteger(value) || value < 0 || value >= raffle.totalNumbers)
      throw refuse(PICK_TEXTS.outOfRange(n, last));
    return value;
  });
  return { values, numbers: values.map((v) => padNumber(v, raffle.numberWidth)) };
}
