// The checks anyone can run on a published fairness record once the key is revealed:
// the same pure code runs in the browser (/verificar) and offline (npm run verify-draw).
// Each check answers whether it held and, in Spanish, what it found.
import { padNumber } from '../helpers/numbers';
import {
  instantPrizeCommitment,
  instantPrizesCommitment,
  keyCommitment,
  soldListHash,
  type SoldEntry,
} from './commitments';
import { applyDrawRule, resultMismatch } from './draw-rule';
import type { FairnessClaim, FairnessExport } from './fairness-export';
import { createPermutation, numbersAt, type Permutation } from './permutation';

export type FairnessCheckId = 'key' | 'instant-prizes' | 'sold-list' | 'winner' | 'buyer';

export interface FairnessCheck {
  id: FairnessCheckId;
  ok: boolean;
  message: string;
}

const pass = (id: FairnessCheckId, message: string): FairnessCheck => ({ id, ok: true, message });
const fail = (id: FairnessCheckId, message: string): FairnessCheck => ({ id, ok: false, message });

const NOT_REVEALED = 'La clave aún no se ha revelado: se publica con el resultado del sorteo';
const NO_COMMITMENT = 'La rifa no tiene compromiso publicado';

/** The revealed key hashes to the commitment published when the numbers were generated. */
export function checkKey(data: FairnessExport): FairnessCheck {
  const { commitment, reveal } = data;
  if (!commitment) return fail('key', NO_COMMITMENT);
  if (!reveal) return fail('key', NOT_REVEALED);
  const hash = safe(() => keyCommitment({ ...commitment, key: reveal.key }));
  return hash === commitment.keyHash
    ? pass('key', 'La clave revelada corresponde al compromiso publicado')
    : fail('key', 'La clave revelada NO corresponde al compromiso publicado');
}

/**
 * Every prize revealed so far (a won one, or all of them with the draw) hashes to the hash
 * published for it before the sale; with the draw, the revealed list also hashes to the
 * list's commitment and names exactly the prizes revealed one by one.
 */
export function checkInstantPrizes(data: FairnessExport): FairnessCheck {
  const { commitment, reveal } = data;
  if (!commitment) return fail('instant-prizes', NO_COMMITMENT);
  const wrong = wrongPrizeReveal(data);
  if (wrong) return fail('instant-prizes', wrong);
  const revealed = data.instantPrizes.filter((p) => p.number !== null);
  if (!reveal)
    return revealed.length > 0
      ? pass(
          'instant-prizes',
          `${revealed.length === 1 ? 'El número premiado revelado corresponde' : `Los ${revealed.length} números premiados revelados corresponden`} a su huella publicada antes de la venta`,
        )
      : fail('instant-prizes', NOT_REVEALED);
  const hash = safe(() =>
    instantPrizesCommitment(commitment.raffleRef, reveal.prizesSalt, reveal.instantPrizeNumbers),
  );
  if (hash !== commitment.prizesHash)
    return fail(
      'instant-prizes',
      'Los premios instantáneos NO son los comprometidos antes de la venta',
    );
  if (
    data.instantPrizes.length > 0 &&
    !sameNumbers(
      revealed.map((p) => p.number!),
      reveal.instantPrizeNumbers,
    )
  )
    return fail(
      'instant-prizes',
      'Los números premiados revelados uno a uno NO son los de la lista comprometida',
    );
  return pass('instant-prizes', 'Los premios instantáneos son los comprometidos antes de la venta');
}

/** Why one prize of the record does not match what was committed for it, or null. */
function wrongPrizeReveal(data: FairnessExport): string | null {
  const { commitment } = data;
  if (!commitment || data.instantPrizes.length === 0) return null;
  const committed = commitment.prizeHashes ?? [];
  const listed = data.instantPrizes.map((p) => p.hash);
  if (committed.length > 0 && !sameNumbers(committed, listed))
    return 'Las huellas de los premios NO son las publicadas antes de la venta';
  for (const prize of data.instantPrizes) {
    if (prize.number === null) continue;
    const hash = safe(() =>
      instantPrizeCommitment(commitment.raffleRef, prize.salt ?? '', prize.number!),
    );
    if (hash !== prize.hash)
      return `El número premiado ${prize.number} NO corresponde a la huella publicada antes de la venta`;
  }
  return null;
}

/** The claims, through the revealed key, give exactly the sold list whose hash closed the sale. */
export function checkSoldList(data: FairnessExport): FairnessCheck {
  const { commitment, reveal, closing } = data;
  if (!commitment) return fail('sold-list', NO_COMMITMENT);
  if (!reveal) return fail('sold-list', NOT_REVEALED);
  if (!closing) return fail('sold-list', 'La venta aún no se ha cerrado');
  const sold = safe(() => soldEntries(data, permutationOf(data)));
  if (!sold) return fail('sold-list', 'Las posiciones vendidas se salen de la rifa o se repiten');
  if (sold.length !== closing.soldCount)
    return fail(
      'sold-list',
      `Se publicaron ${closing.soldCount} números vendidos, pero las compras suman ${sold.length}`,
    );
  return soldListHash(commitment.raffleRef, sold) === closing.soldListHash
    ? pass(
        'sold-list',
        `La lista de ${sold.length} números vendidos es la publicada al cerrar la venta`,
      )
    : fail('sold-list', 'La lista de números vendidos NO es la publicada al cerrar la venta');
}

/** The official result is the declared draw, and the rule applied to it gives the recorded winner. */
export function checkWinner(data: FairnessExport): FairnessCheck {
  const { commitment, reveal, closing, draw } = data;
  if (!commitment) return fail('winner', NO_COMMITMENT);
  if (!draw || !reveal) return fail('winner', 'El sorteo aún no se ha realizado');
  const mismatch = resultMismatch(data.rule, draw.result, closing?.closedAt ?? null);
  if (mismatch) return fail('winner', mismatch);
  const perm = permutationOf(data);
  const sold = safe(() => soldEntries(data, perm));
  if (!sold) return fail('winner', 'Las posiciones vendidas se salen de la rifa o se repiten');
  const outcome = safe(() =>
    applyDrawRule(
      draw.result.firstPrize,
      commitment,
      sold.map((s) => Number(s.number)),
    ),
  );
  if (!outcome) return fail('winner', 'El primer premio publicado no es un número');
  const width = commitment.numberWidth;
  const drawn = padNumber(outcome.drawn, width);
  const winner = outcome.winner === null ? null : padNumber(outcome.winner, width);
  if (drawn !== draw.drawnNumber || winner !== draw.winningNumber)
    return fail(
      'winner',
      `Según la regla, el primer premio ${draw.result.firstPrize} da el número ${winner ?? 'ninguno'}, no el ${draw.winningNumber ?? 'ninguno'}`,
    );
  const holder =
    winner === null ? null : (sold.find((s) => s.number === winner)?.reference ?? null);
  if (holder !== draw.winnerReference)
    return fail(
      'winner',
      `El número ${winner} pertenece a la compra ${holder}, no a ${draw.winnerReference}`,
    );
  return winner === null
    ? pass('winner', 'No se vendió ningún número: el sorteo queda sin ganador')
    : pass('winner', `El primer premio ${draw.result.firstPrize} da el número ganador ${winner}`);
}

/** A buyer's numbers (from their order) are the permutation's outputs at their claimed positions. */
export function checkBuyerNumbers(
  data: FairnessExport,
  reference: string,
  numbers: readonly string[],
): FairnessCheck {
  if (!data.commitment) return fail('buyer', NO_COMMITMENT);
  if (isPick(data)) return checkPickedNumbers(data, reference, numbers);
  if (!data.reveal) return fail('buyer', NOT_REVEALED);
  const claim = data.claims.find((c) => c.reference === reference);
  if (!claim) return fail('buyer', `No hay números publicados para la compra ${reference}`);
  const expected = safe(() => numbersAt(permutationOf(data), claim, data.commitment!.numberWidth));
  if (!expected) return fail('buyer', 'Las posiciones de la compra se salen de la rifa');
  const given = numbers.map((n) => padNumber(n.trim(), data.commitment!.numberWidth));
  return sameNumbers(expected, given)
    ? pass('buyer', `Tus ${expected.length} números son los que la clave asigna a tu compra`)
    : fail('buyer', `La clave asigna a tu compra los números ${expected.join(', ')}`);
}

/**
 * The buyer check from the numbers alone (the verifier, the ticket's QR): the purchase is
 * the one whose claim covers the first number's position (perm⁻¹), and all the typed
 * numbers must be exactly that purchase's.
 */
export function checkOwnNumbers(data: FairnessExport, numbers: readonly string[]): FairnessCheck {
  const { commitment } = data;
  if (!commitment) return fail('buyer', NO_COMMITMENT);
  if (!data.reveal) return fail('buyer', NOT_REVEALED);
  const typed = numbers.map((n) => n.trim()).filter(Boolean);
  if (typed.length === 0) return fail('buyer', 'Escribe los números de tu pedido');
  const first = Number(typed[0]);
  if (!/^\d+$/.test(typed[0]!) || first >= commitment.totalNumbers)
    return fail('buyer', `El ${typed[0]} no es un número de esta rifa`);
  if (isPick(data)) {
    const own = data.picks.find((p) => Number(p.number) === first);
    if (!own)
      return fail('buyer', `El número ${padNumber(first, commitment.numberWidth)} no se vendió`);
    return checkPickedNumbers(data, own.reference, typed);
  }
  const position = permutationOf(data).invert(first);
  const claim = data.claims.find((c) => position >= c.start && position < c.start + c.count);
  if (!claim)
    return fail('buyer', `El número ${padNumber(first, commitment.numberWidth)} no se vendió`);
  return checkBuyerNumbers(data, claim.reference, typed);
}

/** Every check that applies to the record (the buyer's own check needs their numbers). */
export function verifyFairness(data: FairnessExport): FairnessCheck[] {
  return [checkKey(data), checkInstantPrizes(data), checkSoldList(data), checkWinner(data)];
}

/** The sold numbers with their purchase references, from the claims and the revealed key. */
export function soldEntries(data: FairnessExport, perm: Permutation): SoldEntry[] {
  if (isPick(data)) return pickedEntries(data);
  const width = data.commitment?.numberWidth ?? 1;
  assertDisjoint(data.claims, perm.size);
  return data.claims.flatMap((claim) =>
    numbersAt(perm, claim, width).map((number) => ({ number, reference: claim.reference })),
  );
}

/** Pick mode: the buyers chose the numbers, so the record lists them as sold (not claims). */
function isPick(data: FairnessExport): boolean {
  return (data.mode ?? 'random') === 'pick';
}

/** The chosen numbers as the sold list; a number out of the raffle or sold twice is refused. */
function pickedEntries(data: FairnessExport): SoldEntry[] {
  const total = data.commitment?.totalNumbers ?? 0;
  const width = data.commitment?.numberWidth ?? 1;
  const seen = new Set<number>();
  return (data.picks ?? []).map((pick) => {
    const n = Number(pick.number);
    if (!(n >= 0 && n < total) || seen.has(n))
      throw new RangeError(`pick ${pick.number} repeats or leaves the raffle`);
    seen.add(n);
    return { number: padNumber(n, width), reference: pick.reference };
  });
}

/** Pick mode: the buyer's numbers are exactly those the record lists for their purchase. */
function checkPickedNumbers(
  data: FairnessExport,
  reference: string,
  numbers: readonly string[],
): FairnessCheck {
  const width = data.commitment!.numberWidth;
  const listed = (data.picks ?? [])
    .filter((p) => p.reference === reference)
    .map((p) => padNumber(p.number, width));
  if (listed.length === 0)
    return fail('buyer', `No hay números publicados para la compra ${reference}`);
  const given = numbers.map((n) => padNumber(n.trim(), width));
  return sameNumbers(listed, given)
    ? pass(
        'buyer',
        `Tus ${listed.length} números son los que elegiste y constan como vendidos a tu compra`,
      )
    : fail('buyer', `La compra ${reference} tiene los números ${listed.join(', ')}`);
}

function permutationOf(data: FairnessExport): Permutation {
  if (!data.commitment || !data.reveal) throw new Error('nothing revealed');
  return createPermutation(data.reveal.key, data.commitment.totalNumbers);
}

function assertDisjoint(claims: readonly FairnessClaim[], size: number): void {
  const sorted = [...claims].sort((a, b) => a.start - b.start);
  let end = 0;
  for (const claim of sorted) {
    if (claim.start < end || claim.start + claim.count > size)
      throw new RangeError(`claim ${claim.reference} overlaps or leaves the raffle`);
    end = claim.start + claim.count;
  }
}

function sameNumbers(a: readonly string[], b: readonly string[]): boolean {
  const x = [...a].sort();
  const y = [...b].sort();
  return x.length === y.length && x.every((n, i) => n === y[i]);
}

function safe<T>(compute: () => T): T | null {
  try {
    return compute();
  } catch {
    return null;
  }
}
