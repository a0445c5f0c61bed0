import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../test-utils';
import { assignPrizesSchema, instantPrizeUpdateSchema } from './instant-prize';
import { packageInputSchema } from './package';
import { pastRaffleInputSchema } from './past-raffle';
import { confirmTransferSchema } from './purchase';
import { settingsSchema, publicSettingsSchema } from './settings';

describe('package form (SPEC §5)', () => {
  it('defaults isPopular to false', () => {
    expect(packageInputSchema.parse({ name: 'Básico', quantity: 5, price: 5 }).isPopular).toBe(
      false,
    );
  });
  it('names every broken rule', () => {
    expect(
      fieldMessages(packageInputSchema.safeParse({ name: 'ab', quantity: 1.5, price: 0 })),
    ).toEqual({
      name: 'El nombre debe tener al menos 3 caracteres',
      quantity: 'La cantidad debe ser un número positivo',
      price: 'El precio debe ser un número positivo',
    });
    expect(
      fieldMessages(packageInputSchema.safeParse({ name: 'Básico', quantity: 0, price: -1 })),
    ).toEqual({
      quantity: 'La cantidad debe ser un número positivo',
      price: 'El precio debe ser un número positivo',
    });
  });
});

describe('instant prizes (SPEC §5)', () => {
  it("refuses an amount below 1 with 'El monto debe ser mayor a 0'", () => {
    expect(fieldMessages(instantPrizeUpdateSchema.safeParse({ prizeAmount: 0 }))).toEqual({
      prizeAmount: 'El monto debe ser mayor a 0',
    });
    expect(instantPrizeUpdateSchema.parse({ prizeAmount: 5 }).delivered).toBe(false);
  });
  it('needs between 1 and 10 amounts of at least 1', () => {
    expect(fieldMessages(assignPrizesSchema.safeParse({ prizes: [] }))).toEqual({
      prizes: 'Debe agregar al menos un monto',
    });
    expect(
      fieldMessages(assignPrizesSchema.safeParse({ prizes: [{ amount: 10 }, { amount: 0.5 }] })),
    ).toEqual({
      'prizes.1.amount': 'El monto debe ser mayor a 0',
    });
    const eleven = Array.from({ length: 11 }, () => ({ amount: 5 }));
    expect(fieldMessages(assignPrizesSchema.safeParse({ prizes: eleven }))).toEqual({
      prizes: 'Límite alcanzado: Solo puedes agregar hasta 10 montos.',
    });
    expect(assignPrizesSchema.safeParse({ prizes: eleven.slice(1) }).success).toBe(true);
  });
});

describe('bank-transfer confirmation (SPEC §5)', () => {
  it('needs a reference of 3 and a bank of 2 characters', () => {
    expect(
      fieldMessages(confirmTransferSchema.safeParse({ referenceCode: 'ab', bankName: 'B' })),
    ).toEqual({
      referenceCode: 'El código de referencia es obligatorio',
      bankName: 'Debe ingresar el nombre del banco',
    });
    expect(confirmTransferSchema.parse({ referenceCode: ' 123 ', bankName: 'BP' })).toEqual({
      referenceCode: '123',
      bankName: 'BP',
    });
  });
});

describe('past raffle form (SPEC §5)', () => {
  it('names every missing field and refuses non-URLs', () => {
    expect(
      fieldMessages(
        pastRaffleInputSchema.safeParse({
          activityName: '',
          date: '',
          prize: '',
          winner: '',
          image: 'foto',
          instagramPostUrl: 'javascript:alert(1)',
        }),
      ),
    ).toEqual({
      activityName: 'El nombre de la actividad es requerido',
      date: 'La fecha es requerida',
      prize: 'El premio es requerido',
      winner: 'El ganador es requerido',
      image: 'Debe ser una URL válida',
      instagramPostUrl: 'Debe ser una URL válida',
    });
  });
  it('accepts http(s) URLs', () => {
    const ok = {
      activityName: 'Rifa 1',
      date: '2025-01-10',
      prize: 'Moto',
      winner: 'Luis',
      image: 'https://x.ec/a.jpg',
      instagramPostUrl: 'https://instagram.com/p/1',
    };
    expect(pastRaffleInputSchema.parse(ok)).toEqual(ok);
  });
});

describe('settings', () => {
  it('keeps secrets out of the public variant', () => {
    const full = settingsSchema.parse({
      _id: 's1',
      email: 'a@b.ec',
      contactNumber: '099',
      mongoDBConnection: 'mongodb://secret',
      socialMedia: {},
      payment: { stripeSecretKey: 'sk_x', paypalSecret: 'p' },
      messaging: { smtpUrl: 'smtp://u:secret@h' },
      bankAccounts: [],
      whatsappNumber: '593991234567',
      transferHoldHours: 48,
      reminderLeadHours: 6,
      resellersCanConfirm: false,
    });
    const shown = publicSettingsSchema.parse({
      ...full,
      paymentMethods: { paypal: false, card: false, bank_transfer: false, mobile: false },
    });
    expect(JSON.stringify(shown)).not.toMatch(/secret|sk_x/);
    expect(shown.socialMedia).toEqual({ facebook: '', instagram: '', tiktok: '' });
  });
});
