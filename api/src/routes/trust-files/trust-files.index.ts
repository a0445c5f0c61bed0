// POST /api/admin/trust-files: a file for a raffle's trust page (the permit's document, a
// photo of the prize, its invoice). It is stored under an id of its own and shown only
// once a raffle's save names it (PUT /api/admin/raffles/{id}, `trust`).
import {
  MEDIA_MAX_BYTES,
  RAFFLE_TRUST_TEXTS,
  trustFileUploadResponseSchema,
  trustFileUrl,
} from '@vag/contracts';
import { appendAudit } from '@vag/core/db/audit-log';
import { saveTrustFile, sniffTrustFileType } from '@vag/core/raffles/raffle-trust';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { describe } from '../../lib/openapi';
import { declaresBodyLimit } from '../../lib/route-facts';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

async function uploadedFile(parse: () => Promise<Record<string, unknown>>): Promise<Buffer> {
  let form: Record<string, unknown>;
  try {
    form = await parse();
  } catch {
    throw apiError(400, RAFFLE_TRUST_TEXTS.fileMissing, { file: RAFFLE_TRUST_TEXTS.fileMissing });
  }
  const file = form.file;
  if (!(file instanceof File))
    throw apiError(400, RAFFLE_TRUST_TEXTS.fileMissing, { file: RAFFLE_TRUST_TEXTS.fileMissing });
  if (file.size > MEDIA_MAX_BYTES)
    throw apiError(413, RAFFLE_TRUST_TEXTS.fileTooLarge, { file: RAFFLE_TRUST_TEXTS.fileTooLarge });
  return Buffer.from(await file.arrayBuffer());
}

export const trustFilesRouter = new Hono<AppEnv>().post(
  '/',
  describe({
    operationId: 'uploadTrustFile',
    form: z.object({}),
    tag: 'raffles',
    summary:
      'Sube un archivo de la página de confianza de una rifa (imagen JPG, PNG o WebP, o PDF) y responde su id.',
    status: 201,
    response: trustFileUploadResponseSchema,
    errors: [400, 413],
  }),
  requireStaff(ADMIN_ONLY),
  // Declared, so the api's default 64 KB stands aside: the limit is the one the screen states.
  declaresBodyLimit(
    bodyLimit({
      maxSize: MEDIA_MAX_BYTES + MULTIPART_OVERHEAD,
      onError: (c) =>
        c.json(
          {
            msg: RAFFLE_TRUST_TEXTS.fileTooLarge,
            errors: { file: RAFFLE_TRUST_TEXTS.fileTooLarge },
          },
          413,
        ),
    }),
  ),
  async (c) => {
    const data = await uploadedFile(() => c.req.parseBody());
    const type = sniffTrustFileType(data);
    if (!type)
      throw apiError(400, RAFFLE_TRUST_TEXTS.fileType, { file: RAFFLE_TRUST_TEXTS.fileType });
    const { db } = c.get('deps');
    const id = await saveTrustFile(db, data, type);
    await appendAudit(db, {
      actor: c.get('staff'),
      action: 'media.uploaded',
      description: RAFFLE_TRUST_TEXTS.auditUploaded(id),
    });
    return c.json({ msg: RAFFLE_TRUST_TEXTS.uploaded, id, url: trustFileUrl(id) }, 201);
  },
);
