// The ticket's text as a buyer reads it: every line on the page, however long the
// verifier link of a large purchase grows.
import { DEFAULT_DRAW_RULE, ticketRaffle } from '@vag/contracts';
import { renderTicket } from '@vag/core/ticket/ticket';
import { renderTicketPdf } from '@vag/core/ticket/ticket-pdf';
import { describe, expect, it } from 'vitest';
import { linkTargets, pageTexts, pdfText, qrModulePoints, scanQrCode } from '../testing/pdf-text';

/** The ticket of a purchase of `count` six-digit numbers, and its verifier link. */
async function ticketOf(count: number) {
  const bought = Array.from({ length: count }, (_, i) => String(10_000 + i * 777).padStart(6, '0'));
  const link = `https://rifas.example.ec/verificar?n=${bought.join(',')}`;
  const pdf = await renderTicketPdf({
    raffleName: 'Gran Rifa Navideña',
    prize: 'Camioneta 4x4 0 km',
    orderCode: 'VAG-7K3Q9P',
    numbers: bought,
    ruleText: 'El número ganador sale del primer premio de la Lotería Nacional.',
    verifyUrl: link,
  });
  return { pdf: Buffer.from(pdf), numbers: bought, link };
}

/** A paid purchase whose numbers won an instant prize. */
const PAID = {
  _id: 'p1',
  orderCode: 'VAG-7K3Q9P',
  buyer: {
    firstName: 'Ana María',
    lastName: 'Pérez Loor',
    email: 'ana@example.com',
    phone: '0991234567',
    country: 'Ecuador',
    address: 'Av. Amazonas N24-03',
    city: 'Quito',
    province: 'Pichincha',
    document: '1710034065',
  },
  totalPrice: 9.5,
  createdAt: new Date('2026-12-08T01:50:00Z'),
  // 20:55 of 7 December in Guayaquil (UTC−5), not the 8th as in UTC.
  paidAt: new Date('2026-12-08T01:55:00Z'),
  instantPrizesWon: [{ number: '088', amount: 100 }],
};

describe('the ticket PDF', () => {
  it('breaks a link longer than a line after its commas, so that all of it is on the page', async () => {
    const { pdf, link: verifyUrl } = await ticketOf(40);
    const lines = (await pageTexts(pdf)).join('\n').split('\n');
    const start = lines.findIndex((l) => l.startsWith('https://rifas.example.ec/verificar'));
    const linkLines = lines.slice(start, start + 4);
    expect(linkLines.length).toBeGreaterThan(1);
    expect(linkLines.join('').startsWith(verifyUrl)).toBe(true);
    for (const line of linkLines.slice(0, -1)) expect(line.endsWith(',')).toBe(true);
    expect(await scanQrCode(pdf)).toBe(verifyUrl);
  });

  it('opens the verifier when any line of its link is tapped', async () => {
    const { pdf, link } = await ticketOf(40);
    const targets = (await linkTargets(pdf)).flat();
    // One tappable area per line the link is broken into, each opening the whole link.
    expect(targets.length).toBeGreaterThan(1);
    expect(new Set(targets)).toEqual(new Set([link]));
  });

  it('still puts a purchase of 350 numbers into a QR code a phone scans on paper', async () => {
    // Too long for error correction M (2 331 bytes), not for L.
    const { pdf, link } = await ticketOf(350);
    expect(link.length).toBeGreaterThan(2331);
    expect(await scanQrCode(pdf)).toBe(link);
    // Its modules stay half a millimetre wide (the 120 pt code of a small purchase
    // would make them a quarter).
    expect(await qrModulePoints(pdf)).toBeGreaterThanOrEqual(1.5);
    expect(await qrModulePoints((await ticketOf(27)).pdf)).toBeGreaterThanOrEqual(1.5);
  });

  it('gives a purchase too large for any QR code its ticket: every number, and the link to tap', async () => {
    const { pdf, numbers: bought, link } = await ticketOf(1000);
    const text = await pdfText(pdf);
    expect(text).toContain('Tus números no caben en un código QR');
    // Each page's lines end where they wrap: joined, they are the list of numbers.
    expect(text.replace(/\n/g, ' ')).toContain(bought.slice(0, 200).join(', '));
    expect(text).toContain(bought.at(-1));
    expect(await scanQrCode(pdf)).toBeNull();
    expect(new Set((await linkTargets(pdf)).flat())).toEqual(new Set([link]));
  });

  it("prints the raffle's trust page address, tappable, under the verifier's QR code", async () => {
    const { pdf } = await renderTicket(
      PAID,
      ['0042', '0107'],
      {
        raffleName: 'Rifa Express Moto',
        prize: 'Moto 150 cc',
        ruleText: 'El número ganador sale del primer premio de la Lotería Nacional.',
        raffleSlug: 'rifa-express',
      },
      'https://rifas.example.ec/',
    );
    const trustUrl = 'https://rifas.example.ec/rifas/rifa-express/confianza';
    const text = await pdfText(Buffer.from(pdf));
    expect(text).toContain('¿Quién organiza esta rifa? Permiso, premio y sorteo:');
    expect(text).toContain(trustUrl);
    expect((await linkTargets(Buffer.from(pdf))).flat()).toContain(trustUrl);
    expect(await scanQrCode(Buffer.from(pdf))).toBe(
      'https://rifas.example.ec/verificar?rifa=rifa-express&n=0042,0107',
    );
  });

  it('reads as a document: the buyer, the masked cédula, what was paid and when, the draw date, the numbers in order and the prize won', async () => {
    const { pdf } = await renderTicket(
      PAID,
      ['500', '088', '012'],
      ticketRaffle(
        {
          name: 'Rifa Express Moto',
          prize: 'Moto 150 cc',
          slug: 'rifa-express',
          totalNumbers: 1000,
          numberWidth: 3,
        },
        {
          ...DEFAULT_DRAW_RULE,
          draw: { kind: 'fixed', date: '2026-12-13', drawNumber: 7012 },
        },
      ),
      'https://rifas.example.ec/',
    );
    // Lines are joined: a phrase may wrap anywhere on the A5 page.
    const text = (await pdfText(Buffer.from(pdf))).replace(/\s+/g, ' ');
    expect(text).toContain('Tus 3 números');
    expect(text).toContain('012, 088, 500');
    expect(text).toContain('A nombre de: Ana María Pérez Loor');
    expect(text).toContain('Cédula: ******4065');
    expect(text).not.toContain('1710034065');
    expect(text).toContain('Total pagado: $9,50');
    expect(text).toContain('Fecha de compra: 7 de diciembre de 2026, 20:55 (hora de Ecuador)');
    expect(text).toContain(
      'Fecha del sorteo: Sorteo N.º 7012 de la Lotería Nacional, domingo 13 de diciembre de 2026',
    );
    expect(text).toContain('¡Ganaste un premio instantáneo!');
    expect(text).toContain('Tu número 088 ganó $100,00.');
    expect(await scanQrCode(Buffer.from(pdf))).toBe(
      'https://rifas.example.ec/verificar?rifa=rifa-express&n=012,088,500',
    );
  });
});
