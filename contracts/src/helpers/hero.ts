// The hero form's values ↔ the PUT /lottery payload (SPEC §5: mainPrize → prize,
// price → pricePerNumber parsed as decimal with 0 when empty, endDate to ISO).
import type { HeroForm, LotteryUpdate, Raffle } from '../entities/raffle';
import { ecuadorEndOfDayIso, isoToDateInput } from './format';
import { roundMoney } from './money';

/** The price text of the hero form as a number: '' or garbage → 0, '2,50' → 2.5. */
export function parsePrice(input: string | number | null | undefined): number {
  if (typeof input === 'number') return Number.isFinite(input) ? roundMoney(input) : 0;
  const parsed = Number.parseFloat(
    String(input ?? '')
      .trim()
      .replace(',', '.'),
  );
  return Number.isFinite(parsed) ? roundMoney(parsed) : 0;
}

/** Form → payload; endDate is null when the date input is empty or invalid. */
export function heroFormToInput(
  form: HeroForm,
): Omit<LotteryUpdate, 'endDate'> & { endDate: string | null } {
  return {
    name: form.name.trim(),
    prize: form.mainPrize.trim(),
    pricePerNumber: parsePrice(form.price),
    imageUrl: form.imageUrl.trim(),
    endDate: ecuadorEndOfDayIso(form.endDate),
  };
}

/** Raffle → form values. */
export function raffleToHeroForm(
  raffle: Pick<Raffle, 'name' | 'prize' | 'pricePerNumber' | 'imageUrl' | 'endDate'>,
): HeroForm {
  return {
    name: raffle.name,
    mainPrize: raffle.prize,
    price: String(raffle.pricePerNumber),
    endDate: isoToDateInput(raffle.endDate),
    imageUrl: raffle.imageUrl,
  };
}
