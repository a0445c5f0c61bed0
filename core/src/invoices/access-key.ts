// Clave de acceso (SRI ficha técnica, "Clave de acceso"): 48 digits that say what the
// document is, then a módulo 11 check digit over them, weights 2..7 from the right.
import { INVOICE_KIND_CODES, type InvoiceEnvironment, type InvoiceKind } from '@vag/contracts';

export interface AccessKeyParts {
  /** dd/mm/aaaa, the document's fechaEmision. */
  issuedOn: string;
  kind: InvoiceKind;
  ruc: string;
  environment: InvoiceEnvironment;
  estab: string;
  ptoEmi: string;
  secuencial: string;
  /** Eight digits of the issuer's choosing ("código numérico"). */
  numericCode: string;
}

/** Tipo de emisión 1: normal (the only one the offline scheme has). */
const NORMAL_EMISSION = '1';

export function accessKey(parts: AccessKeyParts): string {
  const body = [
    parts.issuedOn.replaceAll('/', ''),
    INVOICE_KIND_CODES[parts.kind],
    parts.ruc,
    parts.environment === 'produccion' ? '2' : '1',
    parts.estab,
    parts.ptoEmi,
    parts.secuencial,
    parts.numericCode,
    NORMAL_EMISSION,
  ].join('');
  if (!/^\d{48}$/.test(body)) throw new Error(`clave de acceso mal formada: ${body}`);
  return body + modulo11(body);
}

/** The check digit: 11 − (Σ digit × weight mod 11), where 11 gives 0 and 10 gives 1. */
export function modulo11(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const weight = 2 + (i % 6);
    sum += Number(digits[digits.length - 1 - i]) * weight;
  }
  const check = 11 - (sum % 11);
  return String(check === 11 ? 0 : check === 10 ? 1 : check);
}

export function isAccessKeyValid(key: string): boolean {
  return /^\d{49}$/.test(key) && modulo11(key.slice(0, 48)) === key[48];
}
