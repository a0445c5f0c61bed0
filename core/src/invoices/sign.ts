// XAdES-BES signature the way the SRI's ficha técnica asks for it: enveloped inside the
// comprobante, RSA-SHA1 over canonical XML (C14N 1.0), references to the comprobante
// (#comprobante) and to the SignedProperties (signing time and the signing certificate's
// digest and issuer/serial), and KeyInfo with the certificate and its RSA key. The
// cryptography is xadesjs over Node's webcrypto; nothing here hand-rolls it.
import { webcrypto } from 'node:crypto';
import { DOMImplementation, DOMParser, XMLSerializer } from '@xmldom/xmldom';
import forge from 'node-forge';
import * as xadesjs from 'xadesjs';
import { certificateDer, privateKeyPkcs8, type SigningCertificate } from './certificate';

xadesjs.setNodeDependencies({ DOMParser, XMLSerializer, DOMImplementation } as Parameters<
  typeof xadesjs.setNodeDependencies
>[0]);
xadesjs.Application.setEngine(
  'NodeJS',
  webcrypto as unknown as Parameters<typeof xadesjs.Application.setEngine>[1],
);

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' };

export async function signComprobante(
  xml: string,
  signer: SigningCertificate,
  now = new Date(),
): Promise<string> {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const [privateKey, publicKey] = await importKeys(signer);
  const certificate = certificateDer(signer.certificate).toString('base64');
  const signedXml = new xadesjs.SignedXml();
  const signature = await signedXml.Sign(
    ALGORITHM,
    privateKey as never,
    doc as unknown as Parameters<typeof signedXml.Sign>[2],
    {
      keyValue: publicKey as never,
      x509: [certificate],
      references: [
        {
          id: 'Reference-comprobante',
          uri: '#comprobante',
          hash: 'SHA-1',
          transforms: ['enveloped'],
        },
      ],
      signingCertificate: { certificate, digestAlgorithm: 'SHA-1' },
      signingTime: { value: now },
    },
  );
  doc.documentElement!.appendChild(signature.GetXml() as never);
  return new XMLSerializer().serializeToString(doc);
}

/** The keys of an opened certificate, imported once (the certificate is cached, settings.ts). */
const imported = new WeakMap<
  SigningCertificate,
  Promise<[webcrypto.CryptoKey, webcrypto.CryptoKey]>
>();

function importKeys(
  signer: SigningCertificate,
): Promise<[webcrypto.CryptoKey, webcrypto.CryptoKey]> {
  let keys = imported.get(signer);
  if (!keys) {
    keys = importKeysOnce(signer);
    imported.set(signer, keys);
    keys.catch(() => imported.delete(signer));
  }
  return keys;
}

async function importKeysOnce(
  signer: SigningCertificate,
): Promise<[webcrypto.CryptoKey, webcrypto.CryptoKey]> {
  const spki = forge.asn1.toDer(forge.pki.publicKeyToAsn1(signer.certificate.publicKey)).getBytes();
  return Promise.all([
    webcrypto.subtle.importKey('pkcs8', privateKeyPkcs8(signer.privateKey), ALGORITHM, false, [
      'sign',
    ]),
    webcrypto.subtle.importKey('spki', Buffer.from(spki, 'binary'), ALGORITHM, true, ['verify']),
  ]) as Promise<[webcrypto.CryptoKey, webcrypto.CryptoKey]>;
}
