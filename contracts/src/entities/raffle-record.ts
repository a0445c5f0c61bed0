// A raffle as a record of its own: the operator runs raffles one after another and side by
// side, and each keeps its sales, numbers and public record forever (nothing is deleted).
// Its life: borrador → en venta → venta cerrada → sorteada → archivada. The home page shows
// the featured raffle; every SPEC §7 call without a raffle answers for that one.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, optionalImageUrlSchema, raIdSchema } from '../common';
import { formatCount } from '../helpers/money';
import { VALIDATION } from '../messages';
import { MAX_TOTAL_NUMBERS } from '../staff-api';
import { NUMBER_MODES } from './number-picks-texts';
import { raffleTrustInputSchema, raffleTrustSchema } from './raffle-trust';

export const RAFFLE_STATUSES = ['draft', 'on_sale', 'closed', 'drawn', 'archived'] as const;
export type RaffleStatus = (typeof RAFFLE_STATUSES)[number];

export const RAFFLE_STATUS_WORDS: Record<RaffleStatus, string> = {
  draft: 'Borrador',
  on_sale: 'En venta',
  closed: 'Venta cerrada',
  drawn: 'Sorteada',
  archived: 'Archivada',
};

/** What a buyer can open: a draft is not published yet, an archived raffle lives in the archive. */
export const PUBLIC_RAFFLE_STATUSES: readonly RaffleStatus[] = ['on_sale', 'closed', 'drawn'];

/** The operator's actions on a raffle's status (the draw itself is recorded on its Sorteo page). */
export const RAFFLE_ACTIONS = ['publish', 'close', 'reopen', 'archive', 'feature'] as const;
export type RaffleAction = (typeof RAFFLE_ACTIONS)[number];

/** Where each action may start. 'reopen' also needs the sold list unpublished (the sale's own rule). */
export const RAFFLE_ACTION_FROM: Record<RaffleAction, readonly RaffleStatus[]> = {
  publish: ['draft'],
  close: ['on_sale'],
  reopen: ['closed'],
  archive: ['drawn'],
  // The home page is the public's: a draft is its admin's alone until published (SPEC §7).
  feature: PUBLIC_RAFFLE_STATUSES,
};

/** A raffle's address: lowercase letters, digits and single hyphens (it is its page's URL). */
export const RAFFLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 60;

/** A slug from a raffle's name: 'Gran Rifa Navideña 2026' → 'gran-rifa-navidena-2026'. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}

export const RAFFLE_TEXTS = {
  notFound: 'Rifa no encontrada',
  nameRequired: VALIDATION.heroNameRequired,
  prizeRequired: VALIDATION.heroPrizeRequired,
  slugInvalid:
    'La dirección solo puede tener letras minúsculas sin tildes, números y guiones (por ejemplo: rifa-express).',
  slugTaken: (slug: string) => `Ya existe una rifa con la dirección «${slug}»: elige otra.`,
  endDateRequired: 'La fecha de cierre es requerida',
  endDateInvalid: 'La fecha de cierre no es válida.',
  endDateInPast: 'La fecha de cierre debe ser posterior a ahora.',
  totalNumbersTooSmall: 'La rifa debe tener al menos 1 número.',
  totalNumbersTooLarge: `La rifa puede tener como máximo ${formatCount(MAX_TOTAL_NUMBERS)} números.`,
  totalNumbersInvalid: 'La cantidad de números debe ser un número entero.',
  templateNotFound: 'La rifa que quieres duplicar no existe.',
  numbersLocked: 'La cantidad de números ya no se puede cambiar: la rifa ya se publicó.',
  notDraft: 'Solo se puede hacer con una rifa en borrador.',
  noPackages: 'Agrega al menos un paquete antes de publicar la rifa.',
  transitionRefused: (action: RaffleAction, status: RaffleStatus) =>
    `No se puede ${ACTION_VERBS[action]} una rifa en estado «${RAFFLE_STATUS_WORDS[status]}».`,
  published: 'Rifa publicada: ya está en venta.',
  closed: 'Venta cerrada: la rifa ya no acepta pedidos nuevos.',
  reopened: 'Venta reabierta: la rifa vuelve a aceptar pedidos.',
  archived: 'Rifa archivada: aparece en «Rifas anteriores» con su ganador.',
  featured: 'Esta rifa es ahora la principal de la página de inicio.',
  created: 'Rifa creada como borrador.',
  saved: 'Rifa guardada.',
  clearConfirmWord: 'BORRAR',
  clearConfirmMismatch: 'Escribe BORRAR para confirmar.',
  cleared: (n: number) =>
    n === 1 ? 'Se borró 1 pedido de prueba.' : `Se borraron ${formatCount(n)} pedidos de prueba.`,
} as const;

const ACTION_VERBS: Record<RaffleAction, string> = {
  publish: 'publicar',
  close: 'cerrar la venta de',
  reopen: 'reabrir la venta de',
  archive: 'archivar',
  feature: 'destacar',
};

const slugSchema = z
  .string({ error: RAFFLE_TEXTS.slugInvalid })
  .trim()
  .max(MAX_SLUG_LENGTH, { error: RAFFLE_TEXTS.slugInvalid })
  .regex(RAFFLE_SLUG_PATTERN, { error: RAFFLE_TEXTS.slugInvalid });

const totalNumbersSchema = z
  .number({ error: RAFFLE_TEXTS.totalNumbersInvalid })
  .int({ error: RAFFLE_TEXTS.totalNumbersInvalid })
  .min(1, { error: RAFFLE_TEXTS.totalNumbersTooSmall })
  .max(MAX_TOTAL_NUMBERS, { error: RAFFLE_TEXTS.totalNumbersTooLarge });

/** The fields an operator writes (create and edit); the end date's "future" is checked by the api. */
export const raffleFieldsSchema = z.object({
  name: z
    .string({ error: RAFFLE_TEXTS.nameRequired })
    .trim()
    .min(1, { error: RAFFLE_TEXTS.nameRequired }),
  prize: z
    .string({ error: RAFFLE_TEXTS.prizeRequired })
    .trim()
    .min(1, { error: RAFFLE_TEXTS.prizeRequired }),
  /** Empty: made from the name. */
  slug: z.union([z.literal(''), slugSchema]).optional(),
  description: z.string().trim().max(2000).optional(),
  imageUrl: optionalImageUrlSchema.optional(),
  pricePerNumber: z
    .number({ error: VALIDATION.priceNotNegative })
    .nonnegative({ error: VALIDATION.priceNotNegative }),
  endDate: z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? RAFFLE_TEXTS.endDateRequired
        : RAFFLE_TEXTS.endDateInvalid,
  }),
  totalNumbers: totalNumbersSchema,
  /**
   * Al azar (default) or elige tus números; fixed once the raffle leaves its draft, and
   * only up to PICK_MODE_MAX_NUMBERS numbers (checked by the server with the record).
   */
  numberMode: z.enum(NUMBER_MODES).optional(),
});
export type RaffleFields = z.infer<typeof raffleFieldsSchema>;

/** POST /api/admin/raffles: a new draft, optionally copying a previous raffle's packages. */
export const raffleCreateSchema = raffleFieldsSchema.extend({
  templateId: idSchema.optional(),
});
export type RaffleCreate = z.infer<typeof raffleCreateSchema>;

/** PUT /api/admin/raffles/{id}; without `trust` the trust page's fields are kept as they are. */
export const raffleUpdateSchema = raffleFieldsSchema.extend({
  trust: raffleTrustInputSchema.optional(),
});
export type RaffleUpdate = z.infer<typeof raffleUpdateSchema>;

/** POST /api/admin/raffles/{id}/clear-test-orders. */
export const clearTestOrdersSchema = z.object({
  confirm: z.string({ error: RAFFLE_TEXTS.clearConfirmMismatch }),
});

/** GET /api/raffles and /api/raffles/{idOrSlug}: what a buyer sees of a raffle in a list. */
export const raffleSummarySchema = z.object({
  _id: idSchema,
  id: raIdSchema,
  slug: z.string(),
  name: z.string(),
  prize: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  pricePerNumber: z.number().nonnegative(),
  endDate: isoDateTimeSchema,
  totalNumbers: z.number().int().nonnegative(),
  status: z.enum(RAFFLE_STATUSES),
  /**
   * How the buyer gets numbers: assigned at random after payment, or chosen at checkout.
   * The api always sends it; absent (an older answer) means 'random'.
   */
  numberMode: z.enum(NUMBER_MODES).optional(),
  featured: z.boolean(),
  sold: z.number().int().nonnegative(),
  /** Sold share, 0–100 (as the progress bar shows it). */
  percentage: z.number().min(0).max(100),
});
export type RaffleSummary = z.infer<typeof raffleSummarySchema>;

/** GET /api/admin/raffles: the Rifas list, with what staff alone read. */
export const staffRaffleSchema = raffleSummarySchema.extend({
  reserved: z.number().int().nonnegative(),
  /** Paid sales in dollars. */
  revenue: z.number().nonnegative(),
  numbersGenerated: z.boolean(),
  createdAt: isoDateTimeSchema.nullable(),
  /** The trust page's fields (raffle-trust.ts), absent on a raffle that never had them. */
  trust: raffleTrustSchema.optional(),
});
export type StaffRaffle = z.infer<typeof staffRaffleSchema>;

// rafflePath and raffleApiBase live in helpers/raffle-paths.ts: the storefront's islands
// use them, and this module's schemas would bring zod into their bundles.
