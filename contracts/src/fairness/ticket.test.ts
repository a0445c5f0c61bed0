import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_RULE } from './draw-rule';
import { ticketRaffle, verifyLink } from './ticket';

describe("the ticket's verifier link", () => {
  it("opens the verifier of the ticket's own raffle, with the numbers filled in", () => {
    expect(verifyLink('https://voyaganar.ec/', ['0042', '0107'], 'rifa-express')).toBe(
      'https://voyaganar.ec/verificar?rifa=rifa-express&n=0042,0107',
    );
    expect(verifyLink('https://voyaganar.ec', ['0042'])).toBe(
      'https://voyaganar.ec/verificar?n=0042',
    );
  });
  it("carries the raffle's slug from its document, when it has one", () => {
    const size = { totalNumbers: 100, numberWidth: 2 };
    expect(
      ticketRaffle({ ...size, name: 'Moto', slug: 'moto' }, DEFAULT_DRAW_RULE).raffleSlug,
    ).toBe('moto');
    expect(ticketRaffle({ ...size, name: 'Moto' }, DEFAULT_DRAW_RULE)).not.toHaveProperty(
      'raffleSlug',
    );
  });
});
