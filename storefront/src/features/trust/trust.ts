// What a raffle's trust page shows: only the fields the operator filled (never a
// placeholder), and always the draw rule and the fairness record, which every published
// raffle has.
import {
  formatDate,
  formatDateTime,
  safeHref,
  type PublicSettings,
  type TrustFile,
  type TrustPageContent,
} from '@vag/contracts';

export interface Row {
  label: string;
  value: string;
}

/** The organizer's legal identity, the rows that are filled. */
export function organizerRows(settings: PublicSettings | null | undefined): Row[] {
  const organizer = settings?.organizer;
  return filled([
    { label: 'Razón social', value: organizer?.legalName ?? '' },
    { label: 'RUC', value: organizer?.ruc ?? '' },
    { label: 'Dirección', value: organizer?.address ?? '' },
  ]);
}

export interface Permit {
  reference: string;
  document: TrustFile | null;
}

export function permitOf(trust: TrustPageContent | null | undefined): Permit | null {
  const reference = trust?.permitReference.trim() ?? '';
  const document = trust?.permitDocument ?? null;
  return reference || document ? { reference, document } : null;
}

export interface PrizeProof {
  images: TrustFile[];
  invoice: TrustFile | null;
}

export function prizeProofOf(trust: TrustPageContent | null | undefined): PrizeProof | null {
  const images = trust?.prizeProofImages ?? [];
  const invoice = trust?.prizeInvoice ?? null;
  return images.length > 0 || invoice ? { images, invoice } : null;
}

/** The live stream's address, only when it is an http(s) link. */
export function liveStreamOf(trust: TrustPageContent | null | undefined): string | null {
  return safeHref(trust?.liveStreamUrl);
}

/** The fairness record in rows, as /verificar words them; empty before numbers are generated. */
export function fairnessRows(trust: TrustPageContent | null | undefined): Row[] {
  const { commitment, closing, draw } = trust?.fairness ?? {};
  if (!commitment) return [];
  return [
    {
      label: `Clave de asignación (${formatDateTime(commitment.committedAt)})`,
      value: commitment.keyHash,
    },
    {
      label: `Premios instantáneos (${formatDateTime(commitment.prizesCommittedAt)})`,
      value: commitment.prizesHash,
    },
    ...(closing
      ? [
          {
            label: `Lista de ${closing.soldCount} números vendidos (cierre del ${formatDateTime(closing.closedAt)})`,
            value: closing.soldListHash,
          },
        ]
      : []),
    ...(draw
      ? [
          {
            label: `Primer premio de la Lotería Nacional, sorteo N.º ${draw.result.drawNumber} del ${formatDate(draw.result.drawDate)}`,
            value: draw.result.firstPrize,
          },
          { label: 'Número ganador', value: draw.winningNumber ?? 'ninguno' },
        ]
      : []),
  ];
}

/**
 * What a raffle's trust page shows beyond the draw rule and the record, in the words of
 * its link ("Organizador, permiso, pruebas del premio y transmisión del sorteo"): only
 * what the operator filled, and nothing at all when the page would have nothing more.
 */
export function trustHighlights(
  settings: PublicSettings | null | undefined,
  trust: TrustPageContent | null | undefined,
): string | null {
  const parts = [
    organizerRows(settings).length > 0 ? 'organizador' : '',
    permitOf(trust) ? 'permiso' : '',
    prizeProofOf(trust) ? 'pruebas del premio' : '',
    liveStreamOf(trust) ? 'transmisión del sorteo' : '',
  ].filter((part) => part !== '');
  if (parts.length === 0) return null;
  const last = parts.pop()!;
  const sentence = parts.length > 0 ? `${parts.join(', ')} y ${last}` : last;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

function filled(rows: Row[]): Row[] {
  return rows.map((row) => ({ ...row, value: row.value.trim() })).filter((row) => row.value !== '');
}
