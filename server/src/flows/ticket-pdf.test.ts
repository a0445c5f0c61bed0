// The ticket's text as a buyer reads it: every line on the page, however long the
// verifier link of a large purchase grows.
import { renderTicketPdf } from '@vag/core/ticket/ticket-pdf';
import { describe, expect, it } from 'vitest';
import { pageTexts, scanQrCode } from '../testing/pdf-text';

const numbers = Array.from({ length: 40 }, (_, i) => String(10_000 + i * 777).padStart(6, '0'));
const verifyUrl = `https://rifas.example.ec/verificar?n=${numbers.join(',')}`;

describe('the ticket PDF', () => {
  it('breaks a link longer than a line after its commas, so that all of it is on the page', async () => {
    const pdf = Buffer.from(
      await renderTicketPdf({
        raffleName: 'Gran Rifa Navideña',
        prize: 'Camioneta 4x4 0 km',
        orderCode: 'VAG-7K3Q9P',
        numbers,
        ruleText: 'El número ganador sale del primer premio de la Lotería Nacional.',
        verifyUrl,
      }),
    );
    const lines = (await pageTexts(pdf)).join('\n').split('\n');
    const start = lines.findIndex((l) => l.startsWith('https://rifas.example.ec/verificar'));
    const linkLines = lines.slice(start, start + 4);
    expect(linkLines.length).toBeGreaterThan(1);
    expect(linkLines.join('').startsWith(verifyUrl)).toBe(true);
    for (const line of linkLines.slice(0, -1)) expect(line.endsWith(',')).toBe(true);
    expect(await scanQrCode(pdf)).toBe(verifyUrl);
  });
});
