// Whether a signing certificate comes from one of Ecuador's accredited certification
// entities (entidades de certificación acreditadas by ARCOTEL, the only ones whose
// signatures the SRI accepts). The list is the one FirmaEC — the Ecuadorian government's
// own signing library (CertEcUtils) — recognises, by the issuer's organization name (O),
// including the names some entities used before. Matched on the issuer's O attribute,
// never on the whole distinguished name's text: a common name or an OU saying "BANCO
// CENTRAL" proves nothing. A certificate that signs itself is never accredited, whatever
// it calls its issuer. What this cannot prove: a home-made CA that names itself with an
// accredited entity's O (only the entities' pinned roots would); the SRI still rejects
// those, so the check is a warning in Ajustes and a refusal only for producción.
import forge from 'node-forge';

/** Issuer organization names (O), upper case, without accents. */
export const ACCREDITED_ISSUERS: readonly string[] = [
  'ALPHA TECHNOLOGIES CIA. LTDA.',
  'ANFAC AUTORIDAD DE CERTIFICACION ECUADOR C.A.',
  'APPFIRMAS S.A.',
  'ARGOSDATA CERTIFICACION DE INFORMACION Y SERVICIOS RELACIONADOS S.A.S.',
  'ARGOSDATA CA',
  'BANCO CENTRAL DEL ECUADOR',
  'CONSEJO DE LA JUDICATURA',
  'CORPNEWBEST CIA. LTDA.',
  'DARKCAM S.A.',
  'DATILMEDIA S.A.',
  'DIRECCION GENERAL DE REGISTRO CIVIL, IDENTIFICACION Y CEDULACION',
  'ECLIPSOFT S.A.',
  'FIRMASEGURA S.A.S.',
  'LAZZATE CIA. LTDA',
  'LETMI ECUADOR S.A.',
  'PRIMECORELAT S.A.S. B.I.C.',
  'SECURITY DATA SEGURIDAD EN DATOS Y FIRMA DIGITAL S.A.',
  'SECURITY DATA',
  'UANATACA ECUADOR S.A.',
  'UANATACA S.A.',
];

const ACCREDITED = new Set(ACCREDITED_ISSUERS);

/** Upper case, accents off, one space between words: how the list above is written. */
export function normalizedOrganization(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function signsItself(cert: forge.pki.Certificate): boolean {
  try {
    return cert.verify(cert);
  } catch {
    return false;
  }
}

/** True when the certificate's issuer is an accredited entity and it is not self-signed. */
export function isAccreditedIssuer(cert: forge.pki.Certificate): boolean {
  if (signsItself(cert)) return false;
  const organizations = cert.issuer.attributes
    .filter((a) => a.name === 'organizationName' || a.shortName === 'O')
    .map((a) => normalizedOrganization(String(a.value)));
  return organizations.some((o) => ACCREDITED.has(o));
}
