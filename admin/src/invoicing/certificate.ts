// How close the signing certificate is to its end, for Ajustes: a certificate that has
// expired signs nothing (the worker holds every factura), so the card warns ahead.
import { INVOICING_DEFAULTS } from '@vag/contracts';

const DAY_MS = 86_400_000;

export type CertificateState =
  { kind: 'valid' } | { kind: 'expiring'; daysLeft: number } | { kind: 'expired' };

export function certificateState(
  notAfter: string,
  now = new Date(),
  warningDays = INVOICING_DEFAULTS.certificateWarningDays,
): CertificateState {
  const left = new Date(notAfter).getTime() - now.getTime();
  if (left <= 0) return { kind: 'expired' };
  const daysLeft = Math.ceil(left / DAY_MS);
  return daysLeft <= warningDays ? { kind: 'expiring', daysLeft } : { kind: 'valid' };
}
