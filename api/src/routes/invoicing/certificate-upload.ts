// The multipart form of a certificate upload: the .p12 file and its password, read by hand
// as multipart forms are, with the Spanish answers of the invoice contract. Core's
// refusals (wrong password, expired, not a .p12) become 400s about the field to fix.
import { INVOICE_STAFF_TEXTS, INVOICE_TEXTS } from '@vag/contracts';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CertificateError } from '@vag/core/invoices/certificate';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { declaresBodyLimit } from '../../lib/route-facts';

/** A .p12 of a signing certificate and its chain is a few KB; 100 KB leaves room. */
export const CERTIFICATE_MAX_BYTES = 100 * 1024;
const MULTIPART_OVERHEAD = 16 * 1024;
const E = INVOICE_TEXTS.certificate;

/** Declared, so the api's default 64 KB stands aside for a .p12 of up to 100 KB. */
export const certificateBodyLimit = declaresBodyLimit(
  bodyLimit({
    maxSize: CERTIFICATE_MAX_BYTES + MULTIPART_OVERHEAD,
    onError: (c) =>
      c.json(
        {
          msg: INVOICE_STAFF_TEXTS.certificateTooLarge,
          errors: { file: INVOICE_STAFF_TEXTS.certificateTooLarge },
        },
        413,
      ),
  }),
);

export interface CertificateUpload {
  fileName: string;
  p12: Buffer;
  password: string;
}

export async function readCertificateUpload(c: Context<AppEnv>): Promise<CertificateUpload> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw apiError(400, E.empty, { file: E.empty });
  }
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw apiError(400, E.empty, { file: E.empty });
  if (file.size > CERTIFICATE_MAX_BYTES)
    throw apiError(413, INVOICE_STAFF_TEXTS.certificateTooLarge, {
      file: INVOICE_STAFF_TEXTS.certificateTooLarge,
    });
  return {
    fileName: (file.name || 'firma.p12').slice(0, 200),
    p12: Buffer.from(await file.arrayBuffer()),
    password: typeof form.password === 'string' ? form.password : '',
  };
}

/** A certificate that cannot sign, as the api answers it: the password or the file is at fault. */
export function certificateRefusal(error: unknown): unknown {
  if (!(error instanceof CertificateError)) return error;
  const field = error.message === E.wrongPassword ? 'password' : 'file';
  return apiError(400, error.message, { [field]: error.message });
}
