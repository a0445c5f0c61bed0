// Reading the operator's .p12 (PKCS#12) with node-forge: the private key and the
// certificate that belongs to it (SRI providers ship the CA chain in the same file, so the
// signing certificate is the one whose public key matches the private key).
//
// Opening a .p12 derives keys from the password as many times as the file says: before
// any of that, the iteration counts the file shows (its MAC, each encrypted part, the
// shrouded key) are read and a file above P12_MAX_ITERATIONS is refused. An upload is
// opened in a worker thread (off-thread/run.ts), within a time limit, so what the counts
// cannot show (a key bag inside an encrypted part) holds that thread at most.
import { INVOICE_TEXTS, P12_MAX_ITERATIONS } from '@vag/contracts';
import forge from 'node-forge';
import { OffThreadError, OffThreadLimit, runOffThread } from '../off-thread/run';

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

/** A .p12 as plain bytes, as the worker thread answers it: DER certificates, PKCS#8 key. */
export interface P12Parts {
  privateKey: Uint8Array;
  certificate: Uint8Array;
  chain: Uint8Array[];
}

/** readP12's answer as bytes (the worker's task). */
export function p12Parts(p12: Buffer, password: string, now: Date): P12Parts {
  const signer = readP12(p12, password, now);
  return {
    privateKey: privateKeyPkcs8(signer.privateKey),
    certificate: certificateDer(signer.certificate),
    chain: signer.chain.map(certificateDer),
  };
}

const OPEN_LIMITS = { timeoutMs: 15_000, maxHeapMb: 128 };

/** readP12 in a worker thread: an upload that would take seconds never holds the api. */
export async function openP12(p12: Buffer, password: string, now = new Date()) {
  if (p12.length === 0) throw new CertificateError(T.empty);
  let parts: P12Parts;
  try {
    parts = await runOffThread<P12Parts>(
      'p12',
      { p12: new Uint8Array(p12), password, now },
      OPEN_LIMITS,
    );
  } catch (error) {
    if (error instanceof OffThreadError && error.kind === CertificateError.name)
      throw new CertificateError(error.message);
    if (error instanceof OffThreadLimit) throw new CertificateError(T.tooSlow);
    throw error;
  }
  return signingCertificate(parts);
}

function signingCertificate(parts: P12Parts): SigningCertificate {
  const fromDer = (der: Uint8Array) =>
    forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(der).toString('binary')));
  return {
    privateKey: forge.pki.privateKeyFromAsn1(fromDer(parts.privateKey)) as forge.pki.rsa.PrivateKey,
    certificate: forge.pki.certificateFromAsn1(fromDer(parts.certificate)),
    chain: parts.chain.map((der) => forge.pki.certificateFromAsn1(fromDer(der))),
  };
}

function openPfx(p12: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    throw new CertificateError(T.notP12);
  }
  const iterations = Math.max(0, ...iterationCounts(asn1));
  if (iterations > P12_MAX_ITERATIONS) throw new CertificateError(T.tooManyIterations(iterations));
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge says "PKCS#12 MAC could not be verified. Invalid password?" for a wrong one.
    if (/password|MAC/i.test(String(error))) throw new CertificateError(T.wrongPassword);
    throw new CertificateError(T.notP12);
  }
}

const { oids } = forge.pki;
/** PKCS#12's and PKCS#5 v1's password-based encryption: their parameters are (salt, iterations). */
const PBE_WITH_COUNT = new Set(
  [
    'pbeWithSHAAnd128BitRC4',
    'pbeWithSHAAnd40BitRC4',
    'pbeWithSHAAnd3-KeyTripleDES-CBC',
    'pbeWithSHAAnd2-KeyTripleDES-CBC',
    'pbeWithSHAAnd128BitRC2-CBC',
    'pbewithSHAAnd40BitRC2-CBC',
    'pbeWithMD5AndDES-CBC',
  ].map((name) => oids[name]),
);

/**
 * Every iteration count the file shows before any key is derived: the MAC's (default 1),
 * and each password-based algorithm's in the authenticated safe, its shrouded key bags
 * and its encrypted parts (PBES2's PBKDF2 parameters included).
 */
function iterationCounts(pfx: forge.asn1.Asn1): number[] {
  const counts: number[] = [];
  const [, authSafe, macData] = children(pfx);
  if (macData) counts.push(integerAt(children(macData)[2]) ?? 1);
  const safe = innerDer(children(children(authSafe)[1])[0]);
  for (const info of children(safe)) {
    const [type, content] = children(info);
    const inner = children(content)[0];
    if (oidOf(type) === oids.data) {
      for (const bag of children(innerDer(inner))) counts.push(...algorithmCounts(bag));
    } else counts.push(...algorithmCounts(inner));
  }
  return counts;
}

/** The iteration counts of the algorithm identifiers anywhere inside `node`. */
function algorithmCounts(node: forge.asn1.Asn1 | undefined): number[] {
  const [first, params] = children(node);
  const oid = oidOf(first);
  if (oid && PBE_WITH_COUNT.has(oid)) return [integerAt(children(params)[1]) ?? 1];
  if (oid === oids.pkcs5PBKDF2) return [integerAt(children(params)[1]) ?? 1];
  return children(node).flatMap(algorithmCounts);
}

function children(node: forge.asn1.Asn1 | undefined): forge.asn1.Asn1[] {
  return node && Array.isArray(node.value) ? node.value : [];
}

function oidOf(node: forge.asn1.Asn1 | undefined): string | null {
  if (node?.type !== forge.asn1.Type.OID || typeof node.value !== 'string') return null;
  return forge.asn1.derToOid(node.value);
}

function integerAt(node: forge.asn1.Asn1 | undefined): number | null {
  if (node?.type !== forge.asn1.Type.INTEGER || typeof node.value !== 'string') return null;
  // Counts past 2^48 are simply huge: the leading bytes alone say so.
  return (
    [...node.value.slice(0, 6)].reduce((n, ch) => n * 256 + ch.charCodeAt(0), 0) *
    256 ** Math.max(0, node.value.length - 6)
  );
}

/** The DER inside an OCTET STRING (one piece, or the pieces of a constructed one). */
function innerDer(node: forge.asn1.Asn1 | undefined): forge.asn1.Asn1 | undefined {
  if (!node) return undefined;
  const bytes =
    typeof node.value === 'string'
      ? node.value
      : children(node)
          .map((p) => (typeof p.value === 'string' ? p.value : ''))
          .join('');
  try {
    return forge.asn1.fromDer(forge.util.createBuffer(bytes));
  } catch {
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

export function checkValidity(cert: forge.pki.Certificate, now: Date): void {
  if (cert.validity.notAfter.getTime() < now.getTime())
    throw new CertificateError(T.expired(ecuadorDate(cert.validity.notAfter)));
  if (cert.validity.notBefore.getTime() > now.getTime())
    throw new CertificateError(T.notYetValid(ecuadorDate(cert.validity.notBefore)));
}

/**
 * Made once: building a formatter (its locale and time zone data) cost more CPU than a
 * factura's XML (DESIGN Invoicing throughput).
 */
const ECUADOR_DATE = new Intl.DateTimeFormat('es-EC', {
  timeZone: 'America/Guayaquil',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** dd/mm/aaaa in Ecuador's time zone, as the SRI writes dates. */
export function ecuadorDate(date: Date): string {
  return ECUADOR_DATE.format(date);
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
