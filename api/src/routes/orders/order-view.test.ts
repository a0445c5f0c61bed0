// The order page's words for a purchase's state, around the end of a transfer hold.
import { ORDER_MESSAGES } from '@vag/contracts';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import type { SettingsDoc } from '@vag/core/db/settings';
import { describe, expect, it } from 'vitest';
import { orderView } from './order-view';

const END = new Date('2026-11-25T18:00:00Z');

function heldTransfer(): PurchaseDoc {
  return {
    _id: 'p-1',
    orderCode: 'VAG-7F3K2Q',
    status: 'PENDING',
    paymentMethod: 'bank_transfer',
    createdAt: new Date('2026-11-23T18:00:00Z'),
    reservation: { active: true, expiresAt: END },
    quantity: 3,
    totalPrice: 6,
    packageData: null,
    buyer: { firstName: 'Ana' },
  } as unknown as PurchaseDoc;
}

const RAFFLE = { name: 'Rifa Express Moto', slug: 'rifa-express' };
const settings = { bankAccounts: [], whatsappNumber: '593998765432' } as unknown as SettingsDoc;

describe('orderView', () => {
  it('shows a held transfer as awaiting payment, with its deadline and the upload, until the hold ends', () => {
    const view = orderView(heldTransfer(), settings, RAFFLE, new Date(END.getTime() - 1000));
    expect(view).toMatchObject({
      state: 'awaiting_payment',
      statusText: ORDER_MESSAGES.status.awaitingPayment,
      deadline: END.toISOString(),
      canUploadReceipt: true,
    });
  });

  it("says 'Vencido' the moment the hold ends, before the sweeper's pass, and takes no receipt", () => {
    const view = orderView(heldTransfer(), settings, RAFFLE, END);
    expect(view).toMatchObject({
      state: 'expired',
      statusText: ORDER_MESSAGES.status.expired,
      deadline: null,
      canUploadReceipt: false,
    });
  });

  it('tells a paid winner which instant prize their number won', () => {
    const paid = {
      ...heldTransfer(),
      status: 'COMPLETED',
      paidAt: END,
      reservation: { active: false, expiresAt: END },
      assignedNumbers: ['088', '012', '500'],
      instantPrizesWon: [{ number: '088', amount: 100 }],
    } as unknown as PurchaseDoc;
    expect(orderView(paid, settings, RAFFLE, END)).toMatchObject({
      state: 'paid',
      instantPrizesWon: [{ number: '088', amount: 100 }],
    });
    expect(orderView(heldTransfer(), settings, RAFFLE, END)).not.toHaveProperty('instantPrizesWon');
  });
});
