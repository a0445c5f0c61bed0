// Ajustes → Facturación electrónica: the operator's invoicing data (one document
// `_id: 'current'` in invoicing_settings) and the .p12 certificate. Every uploaded
// certificate is kept (invoice_certificates, newest in use), sealed with AES-256-GCM
// together with its password; only its public facts ever leave this module.
import {
  INVOICE_TEXTS,
  invoicingSettingsSchema,
  type CertificateInfo,
  type InvoicingSettings,
  type InvoicingSettingsInput,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import { unsignedDueNow } from '../db/invoices';
import { isAccreditedIssuer } from './accredited-issuers';
import {
  CertificateError,
  checkValidity,
  openP12,
  readP12,
  distinguishedName,
  type SigningCertificate,
} from './certificate';
import { seal, unseal, type SealedBox } from './secret-box';

export const INVOICING_SETTINGS_ID = 'current';

interface InvoicingSettingsDoc extends Omit<InvoicingSettings, 'certificate'> {
  _id: string;
  updatedAt: Date;
}

interface CertificateDoc {
  _id: string;
  info: CertificateInfo;
  /** The .p12 bytes and, separately, its password, each sealed. */
  p12: SealedBox;
  password: SealedBox;
  uploadedAt: Date;
}

const settingsCollection = (db: Db) => db.collection<InvoicingSettingsDoc>('invoicing_settings');
const certificates = (db: Db) => db.collection<CertificateDoc>('invoice_certificates');

export async function loadInvoicingSettings(db: Db): Promise<InvoicingSettings> {
  const [doc, cert] = await Promise.all([
    settingsCollection(db).findOne({ _id: INVOICING_SETTINGS_ID }),
    // Only its public facts: the sealed file is read when signing, not for every draft.
    certificates(db).findOne(
      {},
      { sort: { uploadedAt: -1 }, projection: { info: 1 } },
    ) as Promise<Pick<CertificateDoc, 'info'> | null>,
  ]);
  const { _id, updatedAt, ...fields } = doc ?? { _id: '', updatedAt: new Date() };
  void _id;
  void updatedAt;
  return invoicingSettingsSchema.parse({ ...fields, certificate: cert?.info ?? null });
}

export async function saveInvoicingSettings(
  db: Db,
  input: InvoicingSettingsInput,
): Promise<InvoicingSettings> {
  await settingsCollection(db).updateOne(
    { _id: INVOICING_SETTINGS_ID },
    { $set: { ...input, updatedAt: new Date() } },
    { upsert: true },
  );
  return loadInvoicingSettings(db);
}

/**
 * Reads the .p12 with its password (a CertificateError with the Spanish reason when it
 * cannot sign: wrong password, expired, no private key) and keeps it sealed with `key`.
 */
export async function saveCertificate(
  db: Db,
  input: { fileName: string; p12: Buffer; password: string },
  key: Buffer,
  now = new Date(),
): Promise<CertificateInfo> {
  // In a worker thread: an upload's key derivation never holds the api (DESIGN Security).
  const { certificate } = await openP12(input.p12, input.password, now);
  // In producción every factura goes to the SRI for real: a certificate it rejects would
  // replace the one that signs (SPEC Configuración). In pruebas it is kept, with a warning.
  const accredited = isAccreditedIssuer(certificate);
  if (!accredited && (await loadInvoicingSettings(db)).environment === 'produccion')
    throw new CertificateError(INVOICE_TEXTS.certificate.notAccreditedForProduction);
  const info: CertificateInfo = {
    fileName: input.fileName,
    subject: distinguishedName(certificate.subject.attributes),
    issuer: distinguishedName(certificate.issuer.attributes),
    serialNumber: certificate.serialNumber,
    notBefore: certificate.validity.notBefore.toISOString(),
    notAfter: certificate.validity.notAfter.toISOString(),
    uploadedAt: now.toISOString(),
    accredited,
  };
  await certificates(db).insertOne({
    _id: `${now.toISOString()}-${certificate.serialNumber}`,
    info,
    p12: seal(key, input.p12),
    password: seal(key, Buffer.from(input.password, 'utf8')),
    uploadedAt: now,
  });
  await unsignedDueNow(db, now);
  return info;
}

/**
 * The certificate last opened, by its sealed bytes (each seal has its own random iv, so two
 * uploads never match) and the key that opened it:
 * opening a .p12 derives keys from its password (tens of milliseconds of CPU), which every
 * factura paid until a sale's invoices could not keep up (DESIGN Invoicing throughput).
 */
let opened: { id: string; key: Buffer; signer: SigningCertificate } | null = null;

/** The certificate in use, opened for signing; null when none was uploaded. */
export async function loadSigningCertificate(
  db: Db,
  key: Buffer,
  now = new Date(),
): Promise<SigningCertificate | null> {
  const latest = await certificates(db).findOne(
    {},
    { sort: { uploadedAt: -1 }, projection: { 'p12.iv': 1, 'p12.tag': 1 } },
  );
  if (!latest) return null;
  const id = `${latest._id}:${latest.p12.iv}:${latest.p12.tag}`;
  if (opened?.id === id && opened.key.equals(key)) {
    // Still checked on every use: a certificate that expired since it was opened signs nothing.
    checkValidity(opened.signer.certificate, now);
    return opened.signer;
  }
  const doc = await certificates(db).findOne({ _id: latest._id });
  if (!doc) return null;
  const signer = readP12(unseal(key, doc.p12), unseal(key, doc.password).toString('utf8'), now);
  opened = { id, key: Buffer.from(key), signer };
  return signer;
}

export async function ensureInvoicingSettingsIndexes(db: Db): Promise<void> {
  await certificates(db).createIndex({ uploadedAt: -1 });
}
