// The XAdES-BES signature is checked by another library than the one that made it
// (xml-crypto), the signed document still passes the SRI's XSD, and any change to a
// signed document makes the check fail.
import { DOMParser } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDoc } from '../db/invoices';
import { makeTestP12 } from '../testing/test-certificate';
import { testInvoiceDraft } from '../testing/invoice-fixtures';
import { validateAgainstSriXsd } from '../testing/sri-xsd';
import { certificateDer, readP12, type SigningCertificate } from './certificate';
import { numberedFields } from './numbering';
import { signComprobante } from './sign';
import { comprobanteXml } from './xml';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
let signer: SigningCertificate;
let pem: string;
beforeAll(() => {
  signer = readP12(makeTestP12(), 'clave-de-prueba');
  pem = forge.pki.certificateToPem(signer.certificate);
});

function factura(): string {
  const draft = testInvoiceDraft('p1');
  const base = {
    ...draft,
    number: 0,
    secuencial: '',
    accessKey: '',
    status: 'pendiente',
    messages: [],
    attempts: 0,
    createdAt: new Date(),
    issuedAt: new Date(),
    updatedAt: new Date(),
  } satisfies InvoiceDoc;
  return comprobanteXml({ ...base, number: 3, ...numberedFields(base)(3) });
}

/** xml-crypto's verdict on the document's one ds:Signature, with the signer's certificate. */
function verifiedByXmlCrypto(xml: string, cert = pem): boolean {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const signature = doc.getElementsByTagNameNS(DSIG, 'Signature')[0];
  if (!signature) return false;
  const verifier = new SignedXml({ publicCert: cert });
  verifier.loadSignature(signature as never);
  try {
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
}

describe('XAdES-BES signature', () => {
  it('is verified by xml-crypto and keeps the document valid against the SRI XSD', async () => {
    const signed = await signComprobante(factura(), signer);
    expect(verifiedByXmlCrypto(signed)).toBe(true);
    expect((await validateAgainstSriXsd(signed, 'factura')).errors).toEqual([]);
  });

  it('is enveloped and carries what the SRI reads: certificate, SignedProperties, #comprobante', async () => {
    const signed = await signComprobante(factura(), signer, new Date('2026-11-28T15:00:00Z'));
    const doc = new DOMParser().parseFromString(signed, 'text/xml');
    const signature = doc.getElementsByTagNameNS(DSIG, 'Signature')[0]!;
    expect(signature.parentNode).toBe(doc.documentElement);
    const uris = Array.from(doc.getElementsByTagNameNS(DSIG, 'Reference')).map((r) => [
      r.getAttribute('URI'),
      r.getAttribute('Type'),
    ]);
    expect(uris).toContainEqual(['#comprobante', null]);
    expect(uris.some(([, type]) => type === 'http://uri.etsi.org/01903#SignedProperties')).toBe(
      true,
    );
    expect(signed).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"');
    expect(signed).toContain('<xades:SigningTime>2026-11-28T15:00:00');
    const inKeyInfo = doc.getElementsByTagNameNS(DSIG, 'X509Certificate')[0]!.textContent;
    expect(inKeyInfo).toBe(certificateDer(signer.certificate).toString('base64'));
  });

  it('fails the check when a signed amount, the buyer or the signing time is changed', async () => {
    const signed = await signComprobante(factura(), signer);
    const tampered = [
      signed.replace('<importeTotal>10.00</importeTotal>', '<importeTotal>1.00</importeTotal>'),
      signed.replace('CONSUMIDOR FINAL', 'OTRA PERSONA'),
      signed.replace(/<xades:SigningTime>[^<]+/, '<xades:SigningTime>2020-01-01T00:00:00Z'),
    ];
    for (const xml of tampered) {
      expect(xml).not.toBe(signed);
      expect(verifiedByXmlCrypto(xml)).toBe(false);
    }
  });

  it('fails the check against another certificate', async () => {
    const signed = await signComprobante(factura(), signer);
    const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
    const other = forge.pki.createCertificate();
    other.publicKey = keys.publicKey;
    other.serialNumber = '02';
    other.sign(keys.privateKey);
    expect(verifiedByXmlCrypto(signed, forge.pki.certificateToPem(other))).toBe(false);
  });
});
