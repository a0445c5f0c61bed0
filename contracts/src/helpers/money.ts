// Money maths in integer cents, so totals never drift (0.1 + 0.2) and splits add up.
import { PAYPHONE_TAX_SHARE } from '../constants';

/** Dollars → integer cents, rounding half away from zero (1.005 → 101). */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  // toPrecision(15) drops the binary noise of amount * 100 (1.005 * 100 = 100.49999…).
  const cents = Number.parseFloat((Math.abs(amount) * 100).toPrecision(15));
  return Math.sign(amount) * Math.round(cents) || 0;
}

/** Integer cents → dollars. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Rounds a dollar amount to whole cents. */
export function roundMoney(amount: number): number {
  return fromCents(toCents(amount));
}

/** '12.50': two decimals, no grouping (SPEC §9 "Prices 2 decimals"). */
export function formatMoney(amount: number): string {
  const cents = toCents(amount);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The one way a person reads amounts and counts, storefront, admin and messages alike:
 * Ecuador's es-EC format, thousands grouped with a dot and cents after a comma
 * ('$1.250,00', '10.000 números'), so the figures we print read like the ones operators
 * type ('$5.000 en efectivo'). Written out rather than Intl's, whose grouping differs
 * between ICU builds. `formatMoney` stays '1250.00' for machines (copy, payment boxes).
 */
const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** '$12,50', '$1.250,00' (SPEC §9: prize amounts shown with 2 decimals and $). */
export function formatUsd(amount: number): string {
  const text = formatMoney(amount);
  const [whole = '0', cents = '00'] = text.replace('-', '').split('.');
  const grouped = `$${whole.replace(GROUPS, '.')},${cents}`;
  return text.startsWith('-') ? `-${grouped}` : grouped;
}

/** A count of numbers or purchases: '10.000'. */
export function formatCount(value: number): string {
  const whole = Math.trunc(Number.isFinite(value) ? value : 0);
  const text = String(Math.abs(whole)).replace(GROUPS, '.');
  return whole < 0 ? `-${text}` : text;
}

/** A share with two decimals, as es-EC writes it: '0,90 %', '100,00 %'. */
export function formatPercent(value: number): string {
  const text = (Number.isFinite(value) ? value : 0).toFixed(2);
  return `${text.replace('.', ',')} %`;
}

/** Price of one number in a package card: price / quantity, rounded to cents. */
export function unitPrice(pkg: { price: number; quantity: number }): number {
  if (!(pkg.quantity > 0)) return 0;
  return fromCents(Math.round(toCents(pkg.price) / pkg.quantity));
}

/** Total of a custom quantity: quantity × pricePerNumber, computed in cents. */
export function customTotal(quantity: number, pricePerNumber: number): number {
  return fromCents(Math.trunc(quantity) * toCents(pricePerNumber));
}

/** The custom-quantity input: an integer ≥ 1, and 1 when it is not a number (SPEC §5). */
export function parseCustomQuantity(input: unknown): number {
  const parsed =
    typeof input === 'number' ? Math.trunc(input) : Number.parseInt(String(input ?? '').trim(), 10);
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
}

export interface PayphoneAmounts {
  /** Total in cents. */
  amount: number;
  /** 80 % taxable base in cents. */
  amountWithTax: number;
  amountWithoutTax: 0;
  /** 20 % tax in cents. */
  tax: number;
}

/**
 * SPEC §7 mobile split of a dollar total into PayPhone's integer cents: 20 % tax, the
 * rest taxable base, nothing untaxed; amountWithTax + amountWithoutTax + tax === amount.
 */
export function payphoneAmounts(total: number): PayphoneAmounts {
  const amount = toCents(total);
  const tax = Math.round(amount * PAYPHONE_TAX_SHARE);
  return { amount, amountWithTax: amount - tax, amountWithoutTax: 0, tax };
}
