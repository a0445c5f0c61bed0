// Replaces one person's data inside a stored document, whole values only, and leaves the
// rest as it was: a buyer block (an object whose e-mail is theirs) loses its contact
// fields, and a value that is exactly their e-mail becomes the alias's. Nothing is
// searched inside a text: a word the person typed may be part of anyone's text (a bank
// line's "TRANSF", "bank_transfer"), so a text is theirs only as a whole, by where it is
// (places.ts), never by what it contains. Pure, so the deletion and its test agree.
import type { Person } from './places';

export interface Alias {
  /** Stands for the person where a value of theirs stood: "anonimo-1a2b3c4d". */
  id: string;
  email: string;
}

const BUYER_FIELDS = ['firstName', 'lastName', 'phone', 'address', 'city', 'province', 'document'];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const isTheirEmail = (value: unknown, person: Person) =>
  typeof value === 'string' && value.trim().toLowerCase() === person.email;

function scrubBuyer(buyer: Record<string, unknown>, alias: Alias): Record<string, unknown> {
  const out: Record<string, unknown> = { ...buyer, email: alias.email };
  for (const field of BUYER_FIELDS) if (field in buyer) out[field] = '';
  if ('firstName' in buyer) out.firstName = 'Anónimo';
  return out;
}

/** `value` with the person's whole values replaced; every other value untouched. */
export function scrubValue(value: unknown, person: Person, alias: Alias): unknown {
  if (isTheirEmail(value, person)) return alias.email;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, person, alias));
  if (!isPlainObject(value)) return value;
  const own = isTheirEmail(value.email, person) && ('firstName' in value || 'phone' in value);
  const base = own ? scrubBuyer(value, alias) : value;
  return Object.fromEntries(
    Object.entries(base).map(([key, v]) => [key, scrubValue(v, person, alias)]),
  );
}

/** The top-level fields of `doc` that change, with their new values (`fields` narrows them). */
export function scrubbedFields(
  doc: Record<string, unknown>,
  person: Person,
  alias: Alias,
  fields?: string[],
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === '_id' || (fields && !fields.includes(key))) continue;
    const next = scrubValue(value, person, alias);
    if (JSON.stringify(next) !== JSON.stringify(value)) changed[key] = next;
  }
  return changed;
}
