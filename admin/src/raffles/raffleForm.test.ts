import { RAFFLE_TEXTS } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import { duplicateToForm, formToFields, RAFFLE_FORM_DEFAULTS, raffleToForm } from './raffleForm';

const NOW = new Date('2026-11-28T12:00:00Z');

const filled = {
  ...RAFFLE_FORM_DEFAULTS,
  name: 'Rifa Express Diciembre',
  prize: 'iPhone 17',
  pricePerNumber: 1,
  totalNumbers: 500,
  endDate: '2026-12-20',
};

describe('raffle form', () => {
  it("makes the address from the name when none is typed, and the end date the day's end in Ecuador", () => {
    const check = formToFields(filled, { checkFuture: true, now: NOW });
    expect(check).toEqual({
      ok: true,
      fields: expect.objectContaining({
        slug: 'rifa-express-diciembre',
        endDate: '2026-12-21T04:59:59.000Z',
        totalNumbers: 500,
      }),
    });
  });

  it("refuses 0 and 1000001 numbers with the contracts' Spanish messages", () => {
    const zero = formToFields({ ...filled, totalNumbers: 0 }, { checkFuture: true, now: NOW });
    const tooMany = formToFields(
      { ...filled, totalNumbers: 1_000_001 },
      { checkFuture: true, now: NOW },
    );
    expect(zero).toEqual({
      ok: false,
      errors: { totalNumbers: RAFFLE_TEXTS.totalNumbersTooSmall },
    });
    expect(tooMany).toEqual({
      ok: false,
      errors: { totalNumbers: RAFFLE_TEXTS.totalNumbersTooLarge },
    });
  });

  it('refuses an end date in the past, unless an edit leaves it as it was', () => {
    const past = { ...filled, endDate: '2026-11-27' };
    expect(formToFields(past, { checkFuture: true, now: NOW })).toEqual({
      ok: false,
      errors: { endDate: RAFFLE_TEXTS.endDateInPast },
    });
    expect(formToFields(past, { checkFuture: false, now: NOW }).ok).toBe(true);
  });

  it('names every missing field, and a bad address', () => {
    const check = formToFields(
      { ...RAFFLE_FORM_DEFAULTS, slug: 'Con Tildes ñ' },
      { checkFuture: true, now: NOW },
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toMatchObject({
      name: RAFFLE_TEXTS.nameRequired,
      prize: RAFFLE_TEXTS.prizeRequired,
      slug: RAFFLE_TEXTS.slugInvalid,
      endDate: RAFFLE_TEXTS.endDateRequired,
      totalNumbers: RAFFLE_TEXTS.totalNumbersInvalid,
    });
  });

  it('duplicates a raffle as a copy with its own address, dropping an end date already past', () => {
    const saved = {
      name: 'Gran Rifa',
      slug: 'gran-rifa',
      prize: 'Camioneta',
      imageUrl: '/media/camioneta.jpg',
      pricePerNumber: 2,
      totalNumbers: 1000,
      endDate: '2026-11-01T04:59:59.000Z',
      description: 'Texto',
    };
    expect(raffleToForm(saved).endDate).toBe('2026-10-31');
    expect(duplicateToForm(saved, ' (copia)', NOW)).toEqual({
      ...raffleToForm(saved),
      name: 'Gran Rifa (copia)',
      slug: 'gran-rifa-copia',
      endDate: '',
    });
  });

  it('carries the number mode: al azar by default, elige tus números when chosen', () => {
    const random = formToFields(filled, { checkFuture: true, now: NOW });
    const pick = formToFields({ ...filled, numberMode: 'pick' }, { checkFuture: true, now: NOW });
    expect(random).toMatchObject({ ok: true, fields: { numberMode: 'random' } });
    expect(pick).toMatchObject({ ok: true, fields: { numberMode: 'pick' } });
  });
});
