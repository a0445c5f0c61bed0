// A buyer on a phone looks at the instant prizes of a raffle where they choose their
// numbers: amounts, and a secret number on each card, never the number itself — not on the
// page, not in the HTML the server sent nor in the islands' props.
import { PRIZE_DISCLOSURE_TEXTS } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, seedInstantPrizes, seedRaffle, startSite, type Site } from './support';

const PHONE = { width: 390, height: 844 } as const;

let site: Site;
let prizeNumbers: string[];

beforeAll(async () => {
  site = await startSite();
  await seedRaffle(site);
  await site.srv.db
    .collection<{ _id: string }>('raffles')
    .updateOne({ _id: 'current' }, { $set: { numberMode: 'pick' } });
  // The admin's list (seedInstantPrizes reads it with the admin's token) names them.
  prizeNumbers = (await seedInstantPrizes(site, [20, 100, 50])).map((p) => p.number);
  expect(prizeNumbers).toHaveLength(3);
});
afterAll(async () => site?.stop());

describe('the instant prizes of a pick-your-numbers raffle, on a phone', () => {
  it('show the amounts with a secret number and say why, naming no prize number anywhere', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    for (const number of prizeNumbers) {
      expect(html).not.toContain(`>${number}<`);
      expect(html).not.toContain(`&quot;${number}&quot;`);
      expect(html).not.toContain(`"${number}"`);
    }

    const page = await site.page(PHONE);
    await page.goto('/');
    const prizes = page.getByTestId('instant-prizes');
    await prizes.scrollIntoViewIfNeeded();
    const cards = prizes.locator('li');
    expect(await cards.count()).toBe(3);
    expect(await cards.allInnerTexts()).toEqual([
      expect.stringContaining('$100,00'),
      expect.stringContaining('$50,00'),
      expect.stringContaining('$20,00'),
    ]);
    for (const text of await cards.allInnerTexts()) {
      expect(text).toContain('???');
      for (const number of prizeNumbers) expect(text).not.toContain(number);
    }
    const note = page.getByTestId('instant-prizes-sealed');
    expect(await note.textContent()).toContain(PRIZE_DISCLOSURE_TEXTS.sealedNote);
    await saveScreenshot(page, 'pick-instant-prizes-390');
    await page
      .locator('#premios')
      .screenshot({ path: 'test-artifacts/screenshots/pick-instant-prizes-section-390.png' });
  });

  it('/verificar states the rule, lists each prize by its hash and checks a won one as soon as it is revealed', async () => {
    const won = prizeNumbers[1]!;
    // As the numbers worker marks a prize won when its number is paid for.
    await site.srv.db
      .collection<{ number: string }>('instant_prizes')
      .updateOne({ number: won }, { $set: { status: 'pending', purchaseId: 'p-winner' } });
    const page = await site.page(PHONE);
    await page.goto('/verificar');
    const disclosure = page.getByTestId('prize-disclosure');
    await disclosure.waitFor();
    expect(await disclosure.textContent()).toBe(PRIZE_DISCLOSURE_TEXTS.stated('sealed'));
    const hashes = await page.getByTestId('prize-hashes').innerText();
    expect(hashes).toContain(`número ${won}`);
    expect(hashes.match(new RegExp(PRIZE_DISCLOSURE_TEXTS.hidden, 'g'))).toHaveLength(2);
    for (const number of prizeNumbers.filter((n) => n !== won))
      expect(hashes).not.toContain(`número ${number}`);
    const check = page.getByTestId('check-instant-prizes');
    expect(await check.getAttribute('data-ok')).toBe('true');
    await page
      .locator('section', { has: disclosure })
      .screenshot({ path: 'test-artifacts/screenshots/pick-prizes-verify-390.png' });
  });
});
