import { describe, expect, it } from 'vitest';
import {
  EVENT_TYPES,
  TOPICS,
  eventKey,
  makeEvent,
  parseEvent,
  safeParseEvent,
  type AppEvent,
} from './events';

const paid = makeEvent('purchase.paid', {
  purchaseId: 'p1',
  raffleId: 'r1',
  quantity: 5,
  paymentMethod: 'paypal',
  totalPrice: 5,
  resellerCode: null,
  packageType: 'normal',
  createdAt: '2026-11-21T19:55:00.000Z',
  buyer: { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.ec' },
  paidAt: '2026-11-21T20:00:00.000Z',
});

describe('events', () => {
  it('builds a versioned event with a uuid and a timestamp', () => {
    expect(paid.version).toBe(1);
    expect(paid.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parseEvent(JSON.parse(JSON.stringify(paid)))).toEqual(paid);
    expect(eventKey(paid)).toBe('p1');
  });

  it('parses each event type', () => {
    const assigned = makeEvent('numbers.assigned', {
      purchaseId: 'p1',
      raffleId: 'r1',
      numbers: ['0042'],
      instantPrizes: [{ number: '0042', amount: 20 }],
    });
    const failed = makeEvent('notification.failed', {
      purchaseId: 'p1',
      channel: 'sms',
      error: 'timeout',
    });
    expect(parseEvent(assigned).type).toBe('numbers.assigned');
    expect(parseEvent(failed).type).toBe('notification.failed');
  });

  it('refuses unknown types, other versions and bad data', () => {
    expect(safeParseEvent({ ...paid, type: 'purchase.lost' }).success).toBe(false);
    expect(safeParseEvent({ ...paid, version: 2 }).success).toBe(false);
    expect(safeParseEvent({ ...paid, data: { ...paid.data, quantity: 0 } }).success).toBe(false);
    expect(() => parseEvent('nope')).toThrow();
  });

  it('has a topic per event type', () => {
    expect(Object.keys(TOPICS).sort()).toEqual([...EVENT_TYPES].sort());
    expect(new Set(Object.values(TOPICS)).size).toBe(EVENT_TYPES.length);
  });

  it('lets a switch on type be exhaustive', () => {
    const describe = (event: AppEvent): string => {
      switch (event.type) {
        case 'purchase.paid':
        case 'purchase.expired':
        case 'purchase.refund_required':
          return event.data.paymentMethod;
        case 'numbers.assigned':
          return event.data.numbers.join(',');
        case 'notification.failed':
          return event.data.channel;
        case 'purchase.notice':
          return event.data.kind;
        case 'raffle.drawn':
          return event.data.drawnNumber;
        case 'lookup.requested':
          return event.data.email;
        case 'invoice.authorized':
          return event.data.kind;
        default: {
          const never: never = event;
          return never;
        }
      }
    };
    expect(describe(paid)).toBe('paypal');
  });
});
