// The clave de acceso: 49 digits in the SRI's order, the last a módulo 11 check digit.
import { describe, expect, it } from 'vitest';
import { accessKey, isAccessKeyValid, modulo11 } from './access-key';

describe('clave de acceso', () => {
  it('gives the check digit of a key the SRI authorized', () => {
    // An AUTORIZADO factura of 03/12/2022 (RUC 0190072002001, 002-902-000487498), as
    // published in a public SRI integration (aftelenchana/wspcompu, visor.php).
    const authorized = '0312202201019007200200120029020004874985766297216';
    expect(modulo11(authorized.slice(0, 48))).toBe('6');
    expect(isAccessKeyValid(authorized)).toBe(true);
    expect(
      accessKey({
        issuedOn: '03/12/2022',
        kind: 'factura',
        ruc: '0190072002001',
        environment: 'produccion',
        estab: '002',
        ptoEmi: '902',
        secuencial: '000487498',
        numericCode: '57662972',
      }),
    ).toBe(authorized);
  });

  it('writes 0 for a result of 11 and 1 for a result of 10, as the ficha técnica says', () => {
    // Σ = 0: 11 − 0 = 11 → 0. Σ = 6×2 = 12, 12 mod 11 = 1: 11 − 1 = 10 → 1.
    expect(modulo11('0')).toBe('0');
    expect(modulo11('6')).toBe('1');
    // Σ = 1×2 = 2: 11 − 2 = 9.
    expect(modulo11('1')).toBe('9');
  });

  it('refuses a key with a wrong check digit or a wrong length', () => {
    expect(isAccessKeyValid('0312202201019007200200120029020004874985766297217')).toBe(false);
    expect(isAccessKeyValid('031220220101900720020012002902000487498576629721')).toBe(false);
  });
});
