// Replaces one person's data inside a stored document and leaves the rest as it was: a
// buyer block (an object whose e-mail is theirs) loses its contact fields, and any text
// naming them (their e-mail, phone, cédula, full name or address inside a description)
// has those words replaced by their alias. Pure, so the deletion and its test agree.
import type { Person } from './places';

export interface Alias {
  /** Stands for the person where a word stood: "anonimo-1a2b3c4d". */
  id: string;
  email: string;
}

const BUYER_FIELDS = ['firstName', 'lastName', 'phone', 'address', 'city', 'province', 'document'];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function scrubText(text: string, person: Person, alias: Alias): string {
  const lower = text.trim().toLowerCase();
  if (person.exact.some((e) => e.toLowerCase() === lower)) return alias.id;
  let out = text;
  for (const term of [...person.strong].sort((a, b) => b.length - a.length)) {
    const replacement = term === person.email ? alias.email : alias.id;
    out = out.replace(new RegExp(escapeRegex(term), 'gi'), replacement);
  }
  return out;
}

function scrubBuyer(buyer: Record<string, unknown>, alias: Alias): Record<string, unknown> {
  const out: Record<string, unknown> = { ...buyer, email: alias.email };
  for (const field of BUYER_FIELDS) if (field in buyer) out[field] = '';
  if ('firstName' in buyer) out.firstName = 'Anónimo';
  return out;
}

/** `value` with the person's data replaced; other values (dates, ids, numbers) untouched. */
export function scrubValue(value: unknown, person: Person, alias: Alias): unknown {
  if (typeof value === 'string') return scrubText(value, person, alias);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, person, alias));
  if (!isPlainObject(value)) return value;
  const email = value.email;
  const own = typeof email === 'string' && email.trim().toLowerCase() === person.email;
  const base = own && ('firstName' in value || 'phone' in value) ? scrubBuyer(value, alias) : value;
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
