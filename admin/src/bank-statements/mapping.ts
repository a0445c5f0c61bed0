// What the staff may correct in a statement's column mapping, and what the screen checks
// before sending it (columnMappingSchema's Spanish messages, and no column read as two
// things). The api checks again and names the row it cannot read.
import { columnMappingSchema, type ColumnMapping } from '@vag/contracts';

export const MAPPED_FIELDS = [
  'date',
  'description',
  'reference',
  'amount',
  'credit',
  'debit',
  'kind',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

/** What is wrong with the mapping, in Spanish, or null. */
export function mappingProblem(mapping: ColumnMapping, sameColumn: string): string | null {
  const parsed = columnMappingSchema.safeParse(mapping);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? null;
  const used = MAPPED_FIELDS.map((f) => mapping[f]).filter((c) => typeof c === 'number');
  return new Set(used).size === used.length ? null : sameColumn;
}

/** The fields each column is read as (for the preview's header). */
export function columnRoles(mapping: ColumnMapping): Map<number, MappedField[]> {
  const roles = new Map<number, MappedField[]>();
  for (const field of MAPPED_FIELDS) {
    const column = mapping[field];
    if (typeof column === 'number') roles.set(column, [...(roles.get(column) ?? []), field]);
  }
  return roles;
}

/** A column chosen in a select ('' is "ninguna"; the date always has one). */
export function withColumn(
  mapping: ColumnMapping,
  field: MappedField,
  value: string,
): ColumnMapping {
  if (field === 'date') return { ...mapping, date: Number(value) };
  return { ...mapping, [field]: value === '' ? null : Number(value) };
}

/**
 * An order code as the staff type it, the way the api stores it: uppercase, spaces
 * dropped, the hyphen put back ('vag 7kq2mx' → 'VAG-7KQ2MX'). Null if it cannot be one;
 * older codes had other letters, so the api says whether the order exists.
 */
export function normalOrderCode(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  const match = /^VAG([A-Z0-9]{4,8})$/.exec(compact);
  return match ? `VAG-${match[1]}` : null;
}
