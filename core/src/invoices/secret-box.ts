// The certificate and its password are kept encrypted at rest (AES-256-GCM from
// node:crypto): a copy of the database alone cannot sign invoices in the operator's name.
// The key comes from INVOICE_SECRET_KEY, or is generated once and kept in DATA_DIR.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';

export interface SealedBox {
  iv: string;
  tag: string;
  data: string;
}

/** The 32-byte key: the hash of INVOICE_SECRET_KEY, or DATA_DIR/invoice-secret-key. */
export function resolveInvoiceKey(env: Pick<Env, 'INVOICE_SECRET_KEY' | 'DATA_DIR'>): Buffer {
  if (env.INVOICE_SECRET_KEY) return createHash('sha256').update(env.INVOICE_SECRET_KEY).digest();
  const file = path.resolve(env.DATA_DIR, 'invoice-secret-key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      // 'wx': of two processes starting at once, the second keeps the first one's key.
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

export function seal(key: Buffer, plain: Buffer): SealedBox {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** Throws when the key is not the one that sealed the box (GCM's tag does not match). */
export function unseal(key: Buffer, box: SealedBox): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(box.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(box.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(box.data, 'base64')), decipher.final()]);
}
