// Pick-your-numbers raffles: the raffle's number mode, the numbers a buyer chooses at
// checkout, the grid of free and taken numbers, and the Spanish a buyer reads when a
// number is gone. In the random mode (DESIGN "Allocating numbers in O(1)") numbers are
// assigned after payment; in the pick mode the buyer's own numbers are held with the
// order and become theirs when it is paid.
import { z } from 'zod';
import '../zod-locale';

export const NUMBER_MODES = ['random', 'pick'] as const;
export type NumberMode = (typeof NUMBER_MODES)[number];

export const NUMBER_MODE_WORDS: Record<NumberMode, string> = {
  random: 'Al azar',
  pick: 'Elige tus números',
};

/** The largest raffle that may let buyers choose (its grid stays a few KB). */
export const PICK_MODE_MAX_NUMBERS = 100_000;
/** The most numbers one order may choose. */
export const MAX_PICKED_PER_ORDER = 10_000;

export const PICK_TEXTS = {
  numberTaken: (n: string) => `El número ${n} ya fue tomado`,
  numbersTaken: (list: readonly string[]) =>
    list.length === 1
      ? `El número ${list[0]} ya fue tomado`
      : `Los números ${list.join(', ')} ya fueron tomados`,
  outOfRange: (n: string, last: string) =>
    `El número ${n} no existe en esta rifa (va de 0 a ${last}).`,
  notANumber: (n: string) => `«${n}» no es un número de la rifa.`,
  repeated: (n: string) => `El número ${n} está repetido en tu selección.`,
  tooMany: (max: number) =>
    `Puedes elegir hasta ${max.toLocaleString('es-EC')} números por pedido.`,
  countMismatch: 'La cantidad no coincide con los números elegidos. Revisa tu selección.',
  selectionChanged: 'Tu selección cambió. Revisa los números y el precio antes de pagar.',
  pickNotAllowed: 'Esta rifa asigna los números al azar: no se pueden elegir.',
  pickRequired: 'Elige tus números (o usa la maquinita) antes de pagar.',
  modeFixed: 'El modo de números no se puede cambiar después de abrir la venta.',
  modeTooLarge: (max: number) =>
    `Elegir números solo está disponible para rifas de hasta ${max.toLocaleString('es-EC')} números.`,
  gridLegendFree: 'Libre',
  gridLegendHeld: 'Apartado',
  gridLegendSold: 'Vendido',
  gridLegendMine: 'Tu selección',
  searchLabel: '¿Está libre tu número?',
  machine: 'Maquinita',
  machineHelp: 'Elige al azar entre los números libres',
  notEnoughFree: (free: number) =>
    free === 0
      ? 'Ya no quedan números libres en esta rifa.'
      : `Solo quedan ${free.toLocaleString('es-EC')} números libres.`,
  countInvalid: (max: number) =>
    `Pide entre 1 y ${max.toLocaleString('es-EC')} números a la maquinita.`,
  /** The stated source of every number the server picks at random (issue: fairness). */
  randomSource:
    'La maquinita elige en el servidor con el generador criptográfico de Node.js (node:crypto randomInt), entre los números libres en ese momento.',
  modeStated: (mode: 'random' | 'pick') =>
    mode === 'pick'
      ? 'Modo de números: elige tus números. Cada comprador elige sus números (o los pide a la maquinita); el sorteo y su regla publicada deciden el ganador igual que en el modo al azar.'
      : 'Modo de números: al azar. Los números se asignan al pagar, con la permutación secreta comprometida al publicar la rifa.',
} as const;

/** A chosen number as the buyer sends it: digits only; padding is the server's business. */
export const pickedNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, { error: (issue) => PICK_TEXTS.notANumber(String(issue.input)) });

/**
 * The `numbers` field of create-order in a pick-mode raffle. Its length must equal the
 * order's quantity (checked with the order, createOrderSchema); repeated numbers are refused
 * here, range and availability by the server.
 */
export const pickedNumbersSchema = z
  .array(pickedNumberSchema)
  .min(1, { error: PICK_TEXTS.pickRequired })
  .max(MAX_PICKED_PER_ORDER, { error: PICK_TEXTS.tooMany(MAX_PICKED_PER_ORDER) })
  .superRefine((numbers, ctx) => {
    const seen = new Set<number>();
    for (const n of numbers) {
      const value = Number(n);
      if (seen.has(value)) {
        ctx.addIssue({ code: 'custom', message: PICK_TEXTS.repeated(n) });
        return;
      }
      seen.add(value);
    }
  });

/**
 * 409 of create-order when chosen numbers are held or sold: the message names them
 * (PICK_TEXTS.numbersTaken) and `takenNumbers` lets the page unselect exactly those,
 * keeping the rest of the selection.
 */
export const numbersTakenErrorSchema = z.object({
  error: z.string(),
  takenNumbers: z.array(z.string()),
});
export type NumbersTakenError = z.infer<typeof numbersTakenErrorSchema>;

/**
 * GET /api/raffles/{slug}/number-grid: the state of every number as two bitmaps (bit i
 * set = number i), base64, most significant bit first in each byte. 100 000 numbers are
 * 12.5 KB a bitmap before compression. `version` changes whenever a bit does, so a page
 * polling every few seconds can skip an unchanged answer.
 */
export const numberGridSchema = z.object({
  raffleId: z.string(),
  mode: z.enum(NUMBER_MODES),
  totalNumbers: z.number().int().nonnegative(),
  numberWidth: z.number().int().positive(),
  version: z.string(),
  /** Held by an unpaid order. */
  held: z.string(),
  /** Sold (paid). */
  sold: z.string(),
});
export type NumberGrid = z.infer<typeof numberGridSchema>;

/** Bit i of a base64 bitmap of the grid (MSB first). */
export function gridBit(bytes: Uint8Array, i: number): boolean {
  return (bytes[i >> 3]! & (0x80 >> (i & 7))) !== 0;
}

/** POST /api/raffles/{slug}/lucky-numbers: the maquinita asks the server for free numbers. */
export const luckyNumbersRequestSchema = z.object({
  count: z
    .number({ error: PICK_TEXTS.countInvalid(MAX_PICKED_PER_ORDER) })
    .int({ error: PICK_TEXTS.countInvalid(MAX_PICKED_PER_ORDER) })
    .min(1, { error: PICK_TEXTS.countInvalid(MAX_PICKED_PER_ORDER) })
    .max(MAX_PICKED_PER_ORDER, { error: PICK_TEXTS.countInvalid(MAX_PICKED_PER_ORDER) }),
});
export type LuckyNumbersRequest = z.infer<typeof luckyNumbersRequestSchema>;

/** Free numbers (padded) at random; not held: the order holds them, or says which went. */
export const luckyNumbersResponseSchema = z.object({
  numbers: z.array(z.string()),
  /** PICK_TEXTS.randomSource. */
  source: z.string(),
});
export type LuckyNumbersResponse = z.infer<typeof luckyNumbersResponseSchema>;
