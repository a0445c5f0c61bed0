// A .p12 like the ones SRI certificate providers issue (a signing certificate and its
// issuing CA in one PKCS#12 file), made with node-forge so tests need no files.
import forge from 'node-forge';

export interface TestP12Options {
  password?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** Leave the private key out of the file. */
  withoutKey?: boolean;
  commonName?: string;
  /** A friendly name this long: a larger file, as a provider's long chain makes. */
  friendlyNameLength?: number;
  /** The issuing CA's organization (O), as an accredited entity's would read. */
  issuerOrganization?: string;
  /** The issuing CA's common name (CN). */
  issuerCommonName?: string;
  /** The signing certificate signs itself (no CA): what `openssl req -x509` makes. */
  selfSigned?: boolean;
}

let cachedKeys: { ca: forge.pki.rsa.KeyPair; signer: forge.pki.rsa.KeyPair } | undefined;

/** RSA keys are slow to make; every test certificate shares the same two pairs. */
function keys() {
  cachedKeys ??= {
    ca: forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 }),
    signer: forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 }),
  };
  return cachedKeys;
}

export function makeTestP12(options: TestP12Options = {}): Buffer {
  const { ca, signer } = keys();
  const notBefore = options.notBefore ?? new Date(Date.now() - 86_400_000);
  const notAfter = options.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  const caName = [
    {
      name: 'commonName',
      value: options.issuerCommonName ?? 'AUTORIDAD DE CERTIFICACION DE PRUEBA',
    },
    ...(options.issuerOrganization
      ? [{ name: 'organizationName', value: options.issuerOrganization }]
      : []),
    { name: 'countryName', value: 'EC' },
  ];
  const caCert = certificate({
    serial: '01',
    publicKey: ca.publicKey,
    subject: caName,
    issuer: caName,
    notBefore,
    notAfter,
  });
  caCert.sign(ca.privateKey, forge.md.sha256.create());
  const subject = [
    { name: 'commonName', value: options.commonName ?? 'RIFAS DE PRUEBA S.A.' },
    { name: 'serialNumber', value: '0992345678001' },
    { name: 'countryName', value: 'EC' },
  ];
  const cert = certificate({
    serial: '0a1b2c',
    publicKey: signer.publicKey,
    subject,
    issuer: options.selfSigned ? subject : caName,
    notBefore,
    notAfter,
  });
  cert.sign(options.selfSigned ? signer.privateKey : ca.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    options.withoutKey ? null : signer.privateKey,
    options.selfSigned ? [cert] : [cert, caCert],
    options.password ?? 'clave-de-prueba',
    {
      algorithm: '3des',
      ...(options.friendlyNameLength
        ? { friendlyName: 'f'.repeat(options.friendlyNameLength) }
        : {}),
    },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

function certificate(input: {
  serial: string;
  publicKey: forge.pki.rsa.PublicKey;
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  notBefore: Date;
  notAfter: Date;
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.serialNumber = input.serial;
  cert.publicKey = input.publicKey;
  cert.validity.notBefore = input.notBefore;
  cert.validity.notAfter = input.notAfter;
  cert.setSubject(input.subject);
  cert.setIssuer(input.issuer);
  cert.setExtensions([{ name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  return cert;
}

/**
 * The same .p12 asking for `iterations` of key derivation where an attacker would put
 * them: in its MAC, or (the MAC left out, so a reader goes straight on) in its shrouded
 * private key. Rewritten after the fact: making such a file honestly takes as long as
 * opening it.
 */
export function withIterations(p12: Buffer, iterations: number, where: 'mac' | 'key'): Buffer {
  const pfx = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const parts = pfx.value as forge.asn1.Asn1[];
  const count = forge.asn1.integerToDer(iterations).getBytes();
  if (where === 'mac') {
    (parts[2]!.value as forge.asn1.Asn1[])[2]!.value = count;
  } else {
    parts.splice(2, 1);
    rewriteKeyBagCount(parts[1]!, count);
  }
  return Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary');
}

/** Sets the iteration count of the authenticated safe's shrouded key bag (in a plain data part). */
function rewriteKeyBagCount(authSafe: forge.asn1.Asn1, count: string): void {
  const octets = ((authSafe.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!;
  const safe = forge.asn1.fromDer(forge.util.createBuffer(octets.value as string));
  for (const info of safe.value as forge.asn1.Asn1[]) {
    const [type, content] = info.value as forge.asn1.Asn1[];
    if (forge.asn1.derToOid(type!.value as string) !== forge.pki.oids.data) continue;
    const inner = (content!.value as forge.asn1.Asn1[])[0]!;
    const bags = forge.asn1.fromDer(forge.util.createBuffer(inner.value as string));
    for (const bag of bags.value as forge.asn1.Asn1[]) {
      const [bagId, bagValue] = bag.value as forge.asn1.Asn1[];
      if (forge.asn1.derToOid(bagId!.value as string) !== forge.pki.oids.pkcs8ShroudedKeyBag)
        continue;
      const keyInfo = (bagValue!.value as forge.asn1.Asn1[])[0]!;
      const algorithm = (keyInfo.value as forge.asn1.Asn1[])[0]!;
      const params = (algorithm.value as forge.asn1.Asn1[])[1]!;
      (params.value as forge.asn1.Asn1[])[1]!.value = count;
    }
    inner.value = forge.asn1.toDer(bags).getBytes();
  }
  octets.value = forge.asn1.toDer(safe).getBytes();
}
