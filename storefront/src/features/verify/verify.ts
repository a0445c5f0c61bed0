// The verifier's plain helpers: numbers typed or carried by the ticket's QR (?n=0042,0107),
// and the api paths it reads.
import { fairnessExportSchema, type FairnessExport } from '@vag/contracts';

/** '0042, 0107 9' → ['0042', '0107', '9']: commas, spaces and new lines all separate. */
export function splitNumbers(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((n) => n.trim())
    .filter(Boolean);
}

/** The numbers the ticket's QR code puts in `?n=`, as the form shows them. */
export function numbersFromQuery(search: string): string {
  return splitNumbers(new URLSearchParams(search).get('n') ?? '').join(', ');
}

export function numberPath(number: string): string {
  return `/raffle/numbers/${encodeURIComponent(number.trim())}`;
}

export const FAIRNESS_PATH = '/raffle/fairness';

/** The export as published, or null when it does not have the expected shape. */
export function parseFairness(body: unknown): FairnessExport | null {
  const parsed = fairnessExportSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
