// The "Mis datos" PDF as a person reads it: a title, who it is for, when it was made on
// Ecuador's clock in Spanish, and a section per kind of data with Spanish labels and
// formatted values; no internal ids, keys or staff e-mails.
import { describe, expect, it } from 'vitest';
import { personalDataPdf } from '@vag/core/privacy/personal-data-pdf';
import type { PersonalData } from '@vag/core/privacy/personal-data';
import { pdfText } from '../testing/pdf-text';

/** A buyer with a paid and an unpaid order, messages, a consent and two requests. */
export const SAMPLE: PersonalData = {
  email: 'ana.perez@example.com',
  generatedAt: '2026-12-08T02:30:00.000Z',
  sections: {
    purchases: [
      {
        orderCode: 'VAG-7K2M9Q',
        raffle: 'Rifa Navideña 2026',
        createdAt: '2026-12-01T15:04:00.000Z',
        paidAt: '2026-12-01T16:10:00.000Z',
        status: 'COMPLETED',
        quantity: 3,
        totalPrice: 4.5,
        paymentMethod: 'bank_transfer',
        numbers: ['0088', '0266', '1042'],
        instantPrizes: [{ number: '0088', amount: 100 }],
        firstName: 'Ana',
        lastName: 'Pérez',
        email: 'ana.perez@example.com',
        phone: '+593991234567',
        document: '1710034065',
        country: 'ECUADOR',
        province: 'Pichincha',
        city: 'Quito',
        address: 'Av. Amazonas N24-03',
        receipts: 1,
        termsAcceptedAt: '2026-12-01T15:04:00.000Z',
        termsVersion: '2026-11',
        privacyVersion: '2026-11',
        messagingChannel: 'whatsapp',
        whatsappOptInAt: '2026-12-01T15:04:00.000Z',
      },
    ],
    payments: [
      {
        kind: 'bank_line',
        orderCode: 'VAG-7K2M9Q',
        date: '2026-12-01',
        amount: 4.5,
        description: 'TRANSF DE ANA PEREZ VAG 7K2M9Q',
      },
    ],
    messages: [
      {
        kind: 'delivery',
        orderCode: 'VAG-7K2M9Q',
        channel: 'whatsapp',
        message: 'numbers',
        to: '+593991234567',
        status: 'read',
        at: '2026-12-01T16:11:00.000Z',
      },
    ],
    consents: [
      { kind: 'marketing', granted: true, source: 'checkout', at: '2026-12-01T15:04:00.000Z' },
    ],
    requests: [
      {
        kind: 'access',
        at: '2026-12-08T02:25:00.000Z',
        status: 'done',
        what: 'Se envió al correo el enlace de acceso a sus datos.',
      },
    ],
    history: [
      {
        orderCode: 'VAG-7K2M9Q',
        at: '2026-12-01T16:10:00.000Z',
        what: 'Pago por transferencia confirmado del pedido VAG-7K2M9Q.',
      },
    ],
    other: [{ kind: 'order_address', orderCode: 'VAG-7K2M9Q', address: '198.51.100.7' }],
  },
};

describe('the Mis datos PDF', () => {
  it('reads as a document: who, when in Ecuador, each kind of data in Spanish, no keys', async () => {
    const text = await pdfText(Buffer.from(await personalDataPdf(SAMPLE)));
    // 02:30 UTC on the 8th is 21:30 on the 7th in Guayaquil.
    expect(text).toContain('Generado el 7 de diciembre de 2026 a las 21:30 (hora de Ecuador)');
    expect(text).toContain('Para Ana Pérez (ana.perez@example.com)');
    for (const title of [
      'Tus compras',
      'Tus pagos',
      'Mensajes que te enviamos',
      'Consentimientos',
      'Solicitudes sobre tus datos',
    ])
      expect(text).toContain(title);
    expect(text).toContain('Pedido VAG-7K2M9Q · Rifa Navideña 2026');
    expect(text).toContain('01/12/2026 10:04');
    expect(text).toContain('$4,50');
    expect(text).toContain('Transferencia Bancaria');
    expect(text).toContain('0088, 0266, 1042');
    expect(text).toContain('0088 ($100,00)');
    expect(text).toContain('Números asignados (con el boleto en PDF)');
    expect(text).toContain('Sí, quieres recibirlas');
    for (const raw of ['_id', 'accessKey', 'bank_transfer', 'COMPLETED', 'T15:04', 'confirmedBy'])
      expect(text).not.toContain(raw);
  });

  it('says "Nada guardado." under a section with nothing', async () => {
    const empty = { ...SAMPLE, sections: { ...SAMPLE.sections, payments: [] } };
    expect(await pdfText(Buffer.from(await personalDataPdf(empty)))).toContain('Nada guardado.');
  });
});
