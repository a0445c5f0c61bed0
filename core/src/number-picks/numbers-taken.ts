// 409 of create-order when chosen numbers are held or sold (numbersTakenErrorSchema): the
// message names every one, and `takenNumbers` lets the page unselect exactly those.
import { PICK_TEXTS } from '@vag/contracts';
import { OrderRefused } from '../purchase-lifecycle/order-refused';

export class NumbersTaken extends OrderRefused {
  constructor(readonly takenNumbers: string[]) {
    super(409, PICK_TEXTS.numbersTaken(takenNumbers), {
      numbers: PICK_TEXTS.numbersTaken(takenNumbers),
    });
  }
}
