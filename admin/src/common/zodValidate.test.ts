import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToErrors, zodValidate } from './zodValidate';

describe('zodValidate', () => {
  const schema = z.object({
    name: z.string().min(3, { error: 'El nombre debe tener al menos 3 caracteres' }),
    socialMedia: z.object({ facebook: z.string().url({ error: 'Debe ser una URL válida' }) }),
  });

  it('gives each invalid field its first Spanish message, nested fields nested', () => {
    expect(zodValidate(schema)({ name: 'ab', socialMedia: { facebook: 'x' } })).toEqual({
      name: 'El nombre debe tener al menos 3 caracteres',
      socialMedia: { facebook: 'Debe ser una URL válida' },
    });
  });

  it('answers no errors for valid values', () => {
    expect(
      zodValidate(schema)({ name: 'Básico', socialMedia: { facebook: 'https://fb.com/x' } }),
    ).toEqual({});
  });

  it('keeps the first message when a field has several issues', () => {
    expect(
      issuesToErrors([
        { path: ['a'], message: 'uno' },
        { path: ['a'], message: 'dos' },
      ]),
    ).toEqual({ a: 'uno' });
  });
});
