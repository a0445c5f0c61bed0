import type { ColumnMapping } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import { columnRoles, mappingProblem, normalOrderCode, withColumn } from './mapping';

const guessed: ColumnMapping = {
  headerRow: 0,
  date: 0,
  description: 1,
  reference: 2,
  amount: 3,
  credit: null,
  debit: null,
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: ',',
};
const SAME = 'Una misma columna no puede ser dos datos.';

describe('statement column mapping', () => {
  it('accepts a date and a signed amount, or a date and credit/debit columns', () => {
    expect(mappingProblem(guessed, SAME)).toBeNull();
    expect(mappingProblem({ ...guessed, amount: null, credit: 3, debit: 4 }, SAME)).toBeNull();
  });

  it('refuses, in Spanish, a mapping without an amount or a concept, or with one column read twice', () => {
    expect(mappingProblem({ ...guessed, amount: null }, SAME)).toMatch(/columna del monto/);
    expect(mappingProblem({ ...guessed, description: null, reference: null }, SAME)).toMatch(
      /concepto/,
    );
    expect(mappingProblem(withColumn(guessed, 'reference', '1'), SAME)).toBe(SAME);
  });

  it('names what each column is read as, and "ninguna" empties a field', () => {
    expect(columnRoles(guessed).get(3)).toEqual(['amount']);
    expect(withColumn(guessed, 'reference', '').reference).toBeNull();
    // The C/D column is optional: a mapping without it reads no column as it.
    expect([...columnRoles(guessed).values()].flat()).not.toContain('kind');
    expect(columnRoles(withColumn(guessed, 'kind', '4')).get(4)).toEqual(['kind']);
  });

  it('reads an order code typed loosely, and refuses what cannot be one', () => {
    expect(normalOrderCode(' vag 7kq2mx ')).toBe('VAG-7KQ2MX');
    expect(normalOrderCode('VAG7KQ2MX')).toBe('VAG-7KQ2MX');
    expect(normalOrderCode('VAG-12')).toBeNull();
    expect(normalOrderCode('pedido')).toBeNull();
  });
});
