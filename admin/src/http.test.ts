import { describe, expect, it } from 'vitest';
import { toHttpError } from './http';

describe('toHttpError', () => {
  it("carries the api's msg as message and its field errors as body.errors", () => {
    const error = toHttpError(400, 'Bad Request', {
      msg: 'Datos inválidos.',
      errors: { name: 'El nombre debe tener al menos 3 caracteres' },
    });
    expect(error.message).toBe('Datos inválidos.');
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      msg: 'Datos inválidos.',
      errors: { name: 'El nombre debe tener al menos 3 caracteres' },
    });
  });

  it("falls back to 'Error: {status} - {statusText}' when the answer has no msg", () => {
    const error = toHttpError(502, 'Bad Gateway', undefined);
    expect(error.message).toBe('Error: 502 - Bad Gateway');
    expect(error.body).toEqual({ msg: 'Error: 502 - Bad Gateway' });
  });
});
