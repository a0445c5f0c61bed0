// SPEC §7 media, at the site root: POST /upload-media.php replaces or empties one of the
// four fixed slots (staff only), GET /media/{name} serves a slot (or one of its WebP
// copies) to everyone, revalidated by ETag.
import {
  AUDIT_TEXTS,
  MEDIA_MAX_BYTES,
  MEDIA_SLOTS,
  MEDIA_TYPES,
  isTrustFileName,
  parseMediaVariantName,
  PERMISSIONS,
  SERVER,
  STAFF_API_MESSAGES,
  type MediaSlotName,
  mediaParamsSchema,
  mediaUploadFieldsSchema,
  mediaUploadResponseSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { appendAudit } from '@vag/core/db/audit-log';
import { readMedia } from '@vag/core/db/media';
import { apiError } from '../../lib/errors';
import { sniffImageType } from './media-type';
import { deleteMediaImage, saveMediaImage } from '@vag/core/media/media-variants';
import { describe } from '../../lib/openapi';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

function isSlot(name: unknown): name is MediaSlotName {
  return typeof name === 'string' && (MEDIA_SLOTS as readonly string[]).includes(name);
}

export const mediaRouter = new Hono<AppEnv>()
  .post(
    '/upload-media.php',
    describe({
      operationId: 'uploadMedia',
      form: mediaUploadFieldsSchema,
      tag: 'media',
      summary:
        'Reemplaza (file + filename) o elimina (action=delete + filename) un espacio de medios.',
      response: mediaUploadResponseSchema,
      errors: [400, 404, 413, 415],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.notAuthenticated),
    bodyLimit({
      maxSize: MEDIA_MAX_BYTES + MULTIPART_OVERHEAD,
      onError: (c) => c.json({ msg: SERVER.mediaTooLarge }, 413),
    }),
    async (c) => {
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw apiError(400, SERVER.mediaMissingFile);
      }
      const { db } = c.get('deps');
      const filename = form.filename;
      if (!isSlot(filename))
        throw apiError(400, SERVER.mediaSlotInvalid, { filename: SERVER.mediaSlotInvalid });

      if (form.action === 'delete') {
        await deleteMediaImage(db, filename);
        await appendAudit(db, {
          actor: c.get('staff'),
          action: 'media.deleted',
          description: AUDIT_TEXTS.mediaDeleted(filename),
        });
        return c.json({ msg: SERVER.mediaDeleted, name: filename });
      }

      const file = form.file;
      if (!(file instanceof File))
        throw apiError(400, SERVER.mediaMissingFile, { file: SERVER.mediaMissingFile });
      if (file.size > MEDIA_MAX_BYTES) throw apiError(413, SERVER.mediaTooLarge);
      const data = Buffer.from(await file.arrayBuffer());
      const type = sniffImageType(data);
      if (!type || !MEDIA_TYPES[filename].includes(type)) {
        const msg = filename === 'banner.gif' ? SERVER.mediaTypeBanner : SERVER.mediaTypeImage;
        throw apiError(400, msg, { file: msg });
      }
      await saveMediaImage(db, filename, data, type);
      await appendAudit(db, {
        actor: c.get('staff'),
        action: 'media.uploaded',
        description: AUDIT_TEXTS.mediaUploaded(filename),
      });
      return c.json({ msg: SERVER.mediaUploaded, name: filename });
    },
  )
  .get(
    '/media/:name',
    describe({
      operationId: 'getMedia',
      params: mediaParamsSchema,
      tag: 'media',
      summary: 'El archivo de un espacio de medios.',
      response: null,
      produces: ['image/gif', 'image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      // A name that is no slot answers 404, like an empty slot.
      errors: [404],
    }),
    async (c) => {
      const name = c.req.param('name');
      if (!isSlot(name) && !parseMediaVariantName(name) && !isTrustFileName(name))
        return c.json({ msg: SERVER.notFound }, 404);
      const media = await readMedia(c.get('deps').db, name);
      if (!media) return c.json({ msg: STAFF_API_MESSAGES.mediaEmpty }, 404);
      const etag = `"${media.id}"`;
      // Slots are replaced in place, so browsers revalidate after a minute instead of keeping
      // a stale banner; pages link `?v=<file id>`, which never changes its bytes.
      const versioned = c.req.query('v') === media.id;
      c.header(
        'Cache-Control',
        versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=60, must-revalidate',
      );
      c.header('ETag', etag);
      c.header('Last-Modified', media.uploadDate.toUTCString());
      if (c.req.header('if-none-match') === etag) return c.body(null, 304);
      c.header('Content-Type', media.contentType);
      c.header('X-Content-Type-Options', 'nosniff');
      return c.body(new Uint8Array(media.data), 200);
    },
  );
