// The checkout checks what a visitor typed with plain functions (no zod in the browser);
// the server parses the same input with the schemas. Both must accept and refuse the same
// things with the same messages, or a visitor would be told "listo" and then refused.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants';
import { fieldMessages } from '../test-utils';
import { buyerFormSchemaFor } from './buyer';
import {
  BUYER_FORM_DEFAULTS,
  buyerFormProblems,
  EMAIL_PATTERN,
  type BuyerFormValues,
} from './buyer-rules';
import { numbersTakenErrorSchema } from './number-picks';
import { readNumbersTakenError } from './number-picks-texts';
import { selectedPackageSchema } from './package';
import { readSelectedPackage } from './selected-package';

const valid: BuyerFormValues = {
  ...BUYER_FORM_DEFAULTS,
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'ana@correo.ec',
  confirmEmail: 'ana@correo.ec',
  phone: '0991234567',
  province: 'Guayas',
  city: 'Guayaquil',
  address: 'Av. 9 de Octubre 100',
  acceptedTerms: true,
};

const long = (n: number) => 'a'.repeat(n);

/** One or two fields changed from a valid form: each rule's edge, and several at once. */
const SAMPLES: Partial<BuyerFormValues>[] = [
  {},
  BUYER_FORM_DEFAULTS,
  { firstName: '' },
  { firstName: '   ' },
  { firstName: ' Ana\n' },
  { firstName: 'Ana\nGANASTE' },
  { firstName: 'Ana\tMaría' },
  { firstName: 'Ana2' },
  { firstName: 'evil.example' },
  { firstName: "Ñañez-Guamán O'Connor" },
  { firstName: 'D’Alembert' },
  { firstName: long(60) },
  { firstName: long(61) },
  { firstName: `${long(61)}\nx` },
  { firstName: '--' },
  { lastName: 'www.premio.ec' },
  { lastName: 'Pérez\nReclama' },
  { lastName: '' },
  { email: '', confirmEmail: '' },
  { email: 'ana@', confirmEmail: 'ana@' },
  { email: ' ANA@correo.ec ', confirmEmail: 'ana@CORREO.ec' },
  { email: 'ana@correo', confirmEmail: 'ana@correo' },
  { email: `${long(115)}@x.ec`, confirmEmail: `${long(115)}@x.ec` },
  { email: `${long(120)}@`, confirmEmail: '' },
  { confirmEmail: 'otra@correo.ec' },
  { confirmEmail: '' },
  { phone: '' },
  { phone: '   ' },
  { phone: '---' },
  { phone: '099 123-4567' },
  { phone: '+593991234567' },
  { phone: '+593 99 123 4567 🙂' },
  { phone: '022345678' },
  { phone: '09912345678' },
  { document: '1710034065' },
  { document: '1790011674001' },
  { document: '1710034066' },
  { document: 'abc' },
  { document: '  ' },
  { province: '', city: '', address: '' },
  { province: '  ', city: 'Quito\nx', address: long(201) },
  { city: long(61) },
  { address: `${long(200)}\n` },
  { acceptedTerms: false },
  { firstName: '', email: 'x', phone: '1', acceptedTerms: false, province: '' },
];

describe('the buyer form in the browser and on the server (SPEC §5)', () => {
  const methods = [null, ...PAYMENT_METHODS];
  it.each(SAMPLES.map((change) => [JSON.stringify(change), change] as const))(
    'say the same about %s, for every method',
    (_label, change) => {
      const values = { ...valid, ...change };
      for (const method of methods) {
        const server = fieldMessages(buyerFormSchemaFor(method).safeParse(values));
        expect(buyerFormProblems(values, method), String(method)).toEqual(server);
      }
    },
  );

  it("checks e-mails with zod's own pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });
});

describe('what the checkout reads without zod', () => {
  const pkg = { id: 'p1', name: 'Oro', quantity: 10, price: 9.5, isPopular: true };
  const stored: unknown[] = [
    pkg,
    { ...pkg, resellerCode: 'REV-1' },
    { ...pkg, resellerCode: null },
    { ...pkg, resellerCode: undefined },
    { ...pkg, extra: 'dropped' },
    { ...pkg, id: '' },
    { ...pkg, name: 3 },
    { ...pkg, quantity: 0 },
    { ...pkg, quantity: 1.5 },
    { ...pkg, quantity: '10' },
    { ...pkg, quantity: Number.POSITIVE_INFINITY },
    { ...pkg, price: -1 },
    { ...pkg, price: 0 },
    { ...pkg, price: Number.NaN },
    { ...pkg, isPopular: 'true' },
    { ...pkg, resellerCode: 7 },
    { id: 'p1' },
    [pkg],
    null,
    'Oro',
    42,
  ];
  it.each(stored.map((value) => [JSON.stringify(value) ?? String(value), value] as const))(
    'a stored package %s reads as selectedPackageSchema parses it',
    (_label, value) => {
      const parsed = selectedPackageSchema.safeParse(value);
      expect(readSelectedPackage(value)).toEqual(parsed.success ? parsed.data : null);
    },
  );

  const answers: unknown[] = [
    { error: 'Ya no están libres: 007', takenNumbers: ['007'] },
    { error: 'x', takenNumbers: [], msg: 'x' },
    { error: 'x', takenNumbers: [7] },
    { error: 'x' },
    { msg: 'x', takenNumbers: ['1'] },
    [],
    null,
  ];
  it.each(answers.map((value) => [JSON.stringify(value), value] as const))(
    'a 409 answer %s reads as numbersTakenErrorSchema parses it',
    (_label, value) => {
      const parsed = numbersTakenErrorSchema.safeParse(value);
      expect(readNumbersTakenError(value)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});
