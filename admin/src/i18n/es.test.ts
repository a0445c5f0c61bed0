import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { esMessages } from './es';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function get(obj: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
}

describe('Spanish messages', () => {
  it('translate every react-admin key of ra-language-english', () => {
    const missing = keys(englishMessages).filter((k) => typeof get(esMessages, k) !== 'string');
    expect(missing).toEqual([]);
  });

  it('leave no react-admin text in English', () => {
    const same = keys(englishMessages.ra, 'ra.').filter((k) => {
      const en = get(englishMessages, k);
      // Pure templates ('%{name}') and words that read the same in Spanish are not English.
      const words = typeof en === 'string' ? en.replace(/%\{\w+\}/g, '').trim() : '';
      return words.length > 3 && en === get(esMessages, k);
    });
    expect(same.filter((k) => k !== 'ra.configurable.inspector.title')).toEqual([]);
  });

  it("turn the contracts' text builders into polyglot templates", () => {
    expect(get(esMessages, 'vag.purchases.showing')).toBe(
      'Mostrando %{from}-%{to} de %{total} compras',
    );
  });
});
