// The words, limits and bitmap reading of pick-your-numbers raffles, free of zod so the
// storefront's grid island can import them without the schemas (number-picks.ts has
// those). The index exports this module itself: a name re-exported through a module that
// builds schemas would bring that module, and zod, into every page that reads it.
import { formatCount } from '../helpers/money';

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
  /** The grid's one field: jumps to the page of the number typed and says if it is free. */
  searchLabel: 'Ir al número',
  onlyFree: 'Solo libres',
  machine: 'Maquinita',
  machineHelp: 'Elige al azar entre los números libres',
  /** How many the maquinita adds: what is missing for the package at checkout, else 1. */
  machineCount: 'Cuántos al azar',
  /** A chosen number another order took (a 409 or a fresh grid): it leaves the selection. */
  takenFromSelection: (list: readonly string[]) =>
    list.length === 1
      ? `El ${list[0]} ya lo eligió otra persona; lo quitamos de tu selección.`
      : `El ${joinNumbers(list)} ya los eligieron otras personas; los quitamos de tu selección.`,
  /** The pick bar's button: 'Comprar 1 número · $1,00', 'Comprar 3 números · $2,50'. */
  buyButton: (count: number, total: string) =>
    `Comprar ${formatCount(count)} ${count === 1 ? 'número' : 'números'} · ${total}`,
  emptySelection: 'Toca los números que quieras o usa la maquinita.',
  removeNumber: (n: string) => `Quitar el número ${n}`,
  /**
   * Why chosen numbers cost the price per number beside cheaper packages: a selection of
   * exactly a package's quantity is priced as that package (SPEC §2), any other as many
   * numbers at the raffle's price.
   */
  packagesDiscount: (quantities: readonly number[], pricePerNumber: string) =>
    `Los paquetes tienen descuento: si eliges ${joinWords(quantities.map(String), 'o')} números pagas el precio del paquete; cualquier otra cantidad cuesta ${pricePerNumber} por número.`,
  /** Checkout: fewer numbers chosen than the package the buyer came with. */
  missingForPackage: (missing: number, name: string, price: string, pricePerNumber: string) =>
    `Te ${missing === 1 ? 'falta 1 número' : `faltan ${missing} números`} para tu paquete ${name} (${price}): ${missing === 1 ? 'elígelo' : 'elígelos'} o usa la maquinita. Si pagas ahora, pagas ${pricePerNumber} por número.`,
  /** Checkout, beside the form: the order after a change the buyer did not make. */
  orderNow: (count: number, total: string) =>
    `Ahora tu pedido es de ${formatCount(count)} ${count === 1 ? 'número' : 'números'} · ${total}.`,
  notEnoughFree: (free: number) =>
    free === 0
      ? 'Ya no quedan números libres en esta rifa.'
      : `Solo quedan ${free.toLocaleString('es-EC')} números libres.`,
  tooManySpins:
    'La maquinita recibió demasiadas solicitudes desde tu conexión. Espera un minuto y vuelve a intentarlo.',
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

/** '0427', '0427 y el 0431', '0427, el 0431 y el 0502': numbers after 'El'. */
function joinNumbers(list: readonly string[]): string {
  return joinWords(list, 'y el', ', el');
}

/** 'a', 'a o b', 'a, b o c'. */
function joinWords(list: readonly string[], last: string, between = ','): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(`${between} `)} ${last} ${list[list.length - 1]}`;
}

/** Bit i of a base64 bitmap of the grid (MSB first). */
export function gridBit(bytes: Uint8Array, i: number): boolean {
  return (bytes[i >> 3]! & (0x80 >> (i & 7))) !== 0;
}

/**
 * 409 of create-order when chosen numbers are held or sold (numbersTakenErrorSchema): the
 * checkout reads it here, without zod. Null when the body is not that answer.
 */
export function readNumbersTakenError(
  body: unknown,
): { error: string; takenNumbers: string[] } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, takenNumbers } = body as Record<string, unknown>;
  if (typeof error !== 'string' || !Array.isArray(takenNumbers)) return null;
  if (!takenNumbers.every((n): n is string => typeof n === 'string')) return null;
  return { error, takenNumbers };
}
