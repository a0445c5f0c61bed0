// Reading the operator's .p12 (PKCS#12) with node-forge: the private key and the
// certificate that belongs to it (SRI providers ship the CA chain in the same file, so the
// signing certificate is the one whose public key matches the private key).
import { INVOICE_TEXTS } from '@vag/contracts';
import forge from 'node-forge';

const T = INVOICE_TEXTS.certificate;

/** A certificate that cannot be used: `message` is the Spanish answer for staff. */
export class CertificateError extends Error {}

export interface SigningCertificate {
  privateKey: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
  /** The rest of the chain, as found in the file. */
  chain: forge.pki.Certificate[];
}

export function readP12(p12: Buffer, password: string, now = new Date()): SigningCertificate {
  if (p12.length === 0) throw new CertificateError(T.empty);
  const pfx = openPfx(p12, password);
  const privateKey = findPrivateKey(pfx);
  const certBag = forge.pki.oids.certBag!;
  const certs = (pfx.getBags({ bagType: certBag })[certBag] ?? [])
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const certificate = certs.find((c) => samePublicKey(c, privateKey));
  if (!certificate) throw new CertificateError(T.noCertificate);
  checkValidity(certificate, now);
  return { privateKey, certificate, chain: certs.filter((c) => c !== certificate) };
}

function openPfx(p12: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    throw new CertificateError(T.notP12);
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge says "PKCS#12 MAC could not be verified. Invalid password?" for a wrong one.
    if (/password|MAC/i.test(String(error))) throw new CertificateError(T.wrongPassword);
    throw new CertificateError(T.notP12);
  }
}

function findPrivateKey(pfx: forge.pkcs12.Pkcs12Pfx): forge.pki.rsa.PrivateKey {
  for (const bagType of [forge.pki.oids.pkcs8ShroudedKeyBag!, forge.pki.oids.keyBag!]) {
    const key = pfx.getBags({ bagType })[bagType]?.find((bag) => bag.key)?.key;
    if (key) return key as forge.pki.rsa.PrivateKey;
  }
  throw new CertificateError(T.noPrivateKey);
}

function samePublicKey(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey): boolean {
  const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
  return publicKey.n?.equals(key.n) === true && publicKey.e?.equals(key.e) === true;
}

function checkValidity(cert: forge.pki.Certificate, now: Date): void {
  if (cert.validity.notAfter.getTime() < now.getTime())
    throw new CertificateError(T.expired(ecuadorDate(cert.validity.notAfter)));
  if (cert.validity.notBefore.getTime() > now.getTime())
    throw new CertificateError(T.notYetValid(ecuadorDate(cert.validity.notBefore)));
}

/** dd/mm/aaaa in Ecuador's time zone, as the SRI writes dates. */
export function ecuadorDate(date: Date): string {
  return new Intl.DateTimeFormat('es-EC', {
    timeZone: 'America/Guayaquil',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}

export function distinguishedName(attributes: forge.pki.CertificateField[]): string {
  return attributes.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join(', ');
}

/** The certificate as DER bytes (for KeyInfo and for webcrypto). */
export function certificateDer(cert: forge.pki.Certificate): Buffer {
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
}

/** The private key as PKCS#8 DER bytes, for webcrypto's importKey. */
export function privateKeyPkcs8(key: forge.pki.rsa.PrivateKey): Buffer {
  const info = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key));
  return Buffer.from(forge.asn1.toDer(info).getBytes(), 'binary');
}
