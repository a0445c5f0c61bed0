// What a buyer checks before trusting a raffle (its trust page, /rifas/<slug>/confianza):
// the permit the operator holds, proof that the prize exists and where the draw is
// streamed. Every field is optional and an empty one is never shown. Files are uploaded
// on their own (POST /api/admin/trust-files) and the raffle keeps their ids; each id is
// also its name under /media/.
import { z } from 'zod';
import '../zod-locale';
import { isHttpUrl } from '../helpers/safe-url';
import type {
  FairnessClosing,
  FairnessCommitment,
  FairnessDraw,
} from '../fairness/fairness-export';

/** The files a trust page may show: photos, or a scanned document as a PDF. */
export const TRUST_FILE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const;
export type TrustFileType = keyof typeof TRUST_FILE_TYPES;

/** `confianza-<uuid>.<ext>`: a trust file's id, and its name under /media/. */
export const TRUST_FILE_PATTERN =
  /^confianza-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|pdf)$/;
const TRUST_IMAGE_PATTERN = /\.(jpg|png|webp)$/;

export const MAX_PRIZE_PROOF_IMAGES = 8;

export function isTrustFileName(name: string): boolean {
  return TRUST_FILE_PATTERN.test(name);
}

export function trustFileUrl(id: string): string {
  return `/media/${id}`;
}

export function isTrustPdf(id: string): boolean {
  return id.endsWith('.pdf');
}

/** The trust page of a raffle. */
export const trustPagePath = (slug: string) => `/rifas/${encodeURIComponent(slug)}/confianza`;

/** Its absolute address, as the ticket prints it. */
export const trustPageUrl = (publicUrl: string, slug: string) =>
  `${publicUrl.replace(/\/+$/, '')}${trustPagePath(slug)}`;

export const RAFFLE_TRUST_TEXTS = {
  liveStreamUrlInvalid:
    'El enlace de la transmisión debe ser una dirección web que empiece con http:// o https://.',
  fileIdInvalid: 'El archivo no es válido: vuelve a subirlo.',
  fileUnknown: 'El archivo ya no existe en el servidor: vuelve a subirlo.',
  proofNotImage: 'Las fotos del premio deben ser imágenes (JPG, PNG o WebP).',
  tooManyImages: `Puedes subir hasta ${MAX_PRIZE_PROOF_IMAGES} fotos del premio.`,
  permitReferenceTooLong: 'La referencia del permiso puede tener hasta 200 caracteres.',
  fileMissing: 'Elige un archivo para subir.',
  fileType: 'El archivo debe ser una imagen JPG, PNG o WebP, o un documento PDF.',
  fileTooLarge: 'El archivo pesa demasiado: el máximo es 5 MB.',
  /** The back office's answer before uploading: which file, how heavy, and what to do. */
  fileTooLargeNamed: (name: string, bytes: number) =>
    `«${name}» pesa ${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB y el máximo es 5 MB por archivo. Reduce la foto o exporta el PDF más liviano y vuelve a subirlo.`,
  /** Under each upload button: what the server takes. */
  fileLimits: 'Imágenes JPG, PNG o WebP, o documentos PDF, de hasta 5 MB cada uno.',
  auditUploaded: (id: string) =>
    `Se subió el archivo ${id} para la página de confianza de una rifa.`,
  auditChanged: 'Cambió su página de confianza (permiso, pruebas del premio o transmisión).',
  uploaded: 'Archivo subido. Guarda para publicarlo en la página de confianza.',
  /** The line on the ticket and the link on the raffle page. */
  ticketLine: '¿Quién organiza esta rifa? Permiso, premio y sorteo:',
  linkLabel: '¿Quién organiza esta rifa?',
} as const;

const fileIdSchema = z
  .string({ error: RAFFLE_TRUST_TEXTS.fileIdInvalid })
  .regex(TRUST_FILE_PATTERN, { error: RAFFLE_TRUST_TEXTS.fileIdInvalid });
/** A document slot: empty, or a trust file's id. */
const optionalFileSchema = z.union([z.literal(''), fileIdSchema]);

/** As stored on the raffle and as staff read it; every field may be empty. */
export const raffleTrustSchema = z.object({
  /** The permit or authorization reference the operator holds (e.g. the Gobernación's). */
  permitReference: z.string().default(''),
  permitDocument: z.string().default(''),
  prizeProofImages: z.array(z.string()).default([]),
  prizeInvoice: z.string().default(''),
  liveStreamUrl: z.string().default(''),
});
export type RaffleTrust = z.infer<typeof raffleTrustSchema>;

/** What the back office's Confianza tab sends inside PUT /api/admin/raffles/{id}. */
export const raffleTrustInputSchema = z.object({
  permitReference: z
    .string()
    .trim()
    .max(200, { error: RAFFLE_TRUST_TEXTS.permitReferenceTooLong })
    .default(''),
  permitDocument: optionalFileSchema.default(''),
  prizeProofImages: z
    .array(
      fileIdSchema.refine((id) => TRUST_IMAGE_PATTERN.test(id), {
        error: RAFFLE_TRUST_TEXTS.proofNotImage,
      }),
    )
    .max(MAX_PRIZE_PROOF_IMAGES, { error: RAFFLE_TRUST_TEXTS.tooManyImages })
    .default([]),
  prizeInvoice: optionalFileSchema.default(''),
  liveStreamUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || isHttpUrl(v), { error: RAFFLE_TRUST_TEXTS.liveStreamUrlInvalid })
    .default(''),
});
export type RaffleTrustInput = z.input<typeof raffleTrustInputSchema>;

/** POST /api/admin/trust-files. */
export const trustFileUploadResponseSchema = z.object({
  msg: z.string(),
  id: z.string().regex(TRUST_FILE_PATTERN),
  url: z.string(),
});
export type TrustFileUploadResponse = z.infer<typeof trustFileUploadResponseSchema>;

/** A trust file as the page links or draws it (images with their size, so nothing moves). */
export interface TrustFile {
  src: string;
  pdf: boolean;
  width?: number;
  height?: number;
}

/** What the trust page reads (StorefrontContent.trust): the filled fields, files resolved. */
export interface TrustPageContent {
  permitReference: string;
  permitDocument: TrustFile | null;
  prizeProofImages: TrustFile[];
  prizeInvoice: TrustFile | null;
  liveStreamUrl: string;
  /** The public fairness record without its purchase list (GET /api/raffle/fairness has it). */
  fairness: {
    commitment: FairnessCommitment | null;
    closing: FairnessClosing | null;
    draw: Omit<FairnessDraw, 'winnerReference'> | null;
  };
}
