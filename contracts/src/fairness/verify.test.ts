import { describe, expect, it } from 'vitest';
import { padNumber } from '../helpers/numbers';
import {
  instantPrizeCommitment,
  instantPrizesCommitment,
  keyCommitment,
  soldListHash,
} from './commitments';
import { applyDrawRule, DEFAULT_DRAW_RULE } from './draw-rule';
import { fairnessExportSchema, type FairnessExport, type FairnessPrize } from './fairness-export';
import { createPermutation, numbersAt } from './permutation';
import {
  checkBuyerNumbers,
  checkOwnNumbers,
  checkInstantPrizes,
  checkKey,
  checkSoldList,
  checkWinner,
  soldEntries,
  verifyFairness,
} from './verify';

const KEY = '5e'.repeat(32);
const SALT = '0a'.repeat(16);
const N = 1000;
const WIDTH = 3;
const CLAIMS = [
  { reference: 'p-ana', start: 0, count: 3 },
  { reference: 'p-luis', start: 3, count: 10 },
  { reference: 'p-eva', start: 13, count: 1 },
];

/** A drawn raffle's record, built the way the server builds it. */
function drawnRecord(firstPrize: string, claims = CLAIMS): FairnessExport {
  const raffleRef = 'r-20261201-abc123';
  const perm = createPermutation(KEY, N);
  const prizes = [padNumber(perm.permute(500), WIDTH)];
  const sold = claims.flatMap((c) =>
    numbersAt(perm, c, WIDTH).map((number) => ({ number, reference: c.reference })),
  );
  const outcome = applyDrawRule(
    firstPrize,
    { totalNumbers: N, numberWidth: WIDTH },
    sold.map((s) => Number(s.number)),
  );
  const winningNumber = outcome.winner === null ? null : padNumber(outcome.winner, WIDTH);
  return fairnessExportSchema.parse({
    version: 1,
    commitment: {
      raffleRef,
      totalNumbers: N,
      numberWidth: WIDTH,
      keyHash: keyCommitment({ raffleRef, totalNumbers: N, numberWidth: WIDTH, key: KEY }),
      committedAt: '2026-12-01T15:00:00.000Z',
      prizesHash: instantPrizesCommitment(raffleRef, SALT, prizes),
      prizesCommittedAt: '2026-12-01T15:05:00.000Z',
    },
    rule: DEFAULT_DRAW_RULE,
    lockedAt: '2026-12-01T16:00:00.000Z',
    closing: {
      closedAt: '2026-12-10T20:00:00.000Z',
      reason: 'end-date',
      soldCount: sold.length,
      soldListHash: soldListHash(raffleRef, sold),
    },
    draw: {
      result: { firstPrize, drawNumber: 7012, drawDate: '2026-12-13' },
      drawnNumber: padNumber(outcome.drawn, WIDTH),
      winningNumber,
      winnerReference: sold.find((s) => s.number === winningNumber)?.reference ?? null,
      recordedAt: '2026-12-13T23:00:00.000Z',
    },
    reveal: { key: KEY, prizesSalt: SALT, instantPrizeNumbers: prizes },
    claims,
  });
}

const record = drawnRecord('12345');
const perm = createPermutation(KEY, N);
const soldNumbers = soldEntries(record, perm).map((s) => s.number);

describe('verifyFairness on an honest record', () => {
  it('passes every check', () => {
    const checks = verifyFairness(record);
    expect(checks.map((c) => [c.id, c.ok])).toEqual([
      ['key', true],
      ['instant-prizes', true],
      ['sold-list', true],
      ['winner', true],
    ]);
    expect(checks[3]!.message).toBe(
      `El primer premio 12345 da el número ganador ${record.draw!.winningNumber}`,
    );
  });

  it('passes when the first prize falls on a sold number exactly', () => {
    const prize = `99${soldNumbers[4]}`;
    const exact = drawnRecord(prize);
    expect(exact.draw!.winningNumber).toBe(soldNumbers[4]);
    expect(exact.draw!.winnerReference).toBe('p-luis');
    expect(checkWinner(exact).ok).toBe(true);
  });

  it('passes with no winner when nothing was sold', () => {
    const empty = drawnRecord('12345', []);
    expect(empty.draw!.winningNumber).toBeNull();
    expect(checkWinner(empty)).toEqual({
      id: 'winner',
      ok: true,
      message: 'No se vendió ningún número: el sorteo queda sin ganador',
    });
  });
});

describe('a tampered key', () => {
  const tampered = { ...record, reveal: { ...record.reveal!, key: '5f' + KEY.slice(2) } };

  it('fails the key check', () => {
    expect(checkKey(tampered)).toEqual({
      id: 'key',
      ok: false,
      message: 'La clave revelada NO corresponde al compromiso publicado',
    });
  });

  it('fails the sold list and the buyers’ numbers too, since it maps positions elsewhere', () => {
    expect(checkSoldList(tampered).ok).toBe(false);
    const anasNumbers = numbersAt(perm, CLAIMS[0]!, WIDTH);
    expect(checkBuyerNumbers(tampered, 'p-ana', anasNumbers).ok).toBe(false);
  });
});

describe('a tampered result', () => {
  it('fails when the recorded winner is not what the rule gives', () => {
    const other = soldNumbers.find((n) => n !== record.draw!.winningNumber)!;
    const tampered = { ...record, draw: { ...record.draw!, winningNumber: other } };
    const check = checkWinner(tampered);
    expect(check.ok).toBe(false);
    expect(check.message).toBe(
      `Según la regla, el primer premio 12345 da el número ${record.draw!.winningNumber}, no el ${other}`,
    );
  });

  it('fails when the first prize was changed after the fact', () => {
    const tampered = {
      ...record,
      draw: { ...record.draw!, result: { ...record.draw!.result, firstPrize: '12346' } },
    };
    // The drawn number changes (346 instead of 345), whatever the winner.
    expect(checkWinner(tampered).ok).toBe(false);
  });

  it('fails when the winner is credited to another purchase', () => {
    const tampered = { ...record, draw: { ...record.draw!, winnerReference: 'p-eva' } };
    const honestHolder = record.draw!.winnerReference;
    expect(honestHolder).not.toBe('p-eva');
    expect(checkWinner(tampered).ok).toBe(false);
  });

  it('fails when the result is from a draw before the sale closed', () => {
    const tampered = {
      ...record,
      draw: { ...record.draw!, result: { ...record.draw!.result, drawDate: '2026-12-09' } },
    };
    expect(checkWinner(tampered)).toEqual({
      id: 'winner',
      ok: false,
      message: 'El sorteo debe ser posterior al cierre de la venta (10/12/2026)',
    });
  });
});

describe('a tampered list', () => {
  it('fails the sold list when a claim moves to another purchase', () => {
    const claims = [{ ...CLAIMS[0]!, reference: 'p-eva' }, CLAIMS[1]!, CLAIMS[2]!];
    expect(checkSoldList({ ...record, claims }).ok).toBe(false);
  });

  it('fails the sold list when a claim is dropped, with the counts in the message', () => {
    expect(checkSoldList({ ...record, claims: CLAIMS.slice(1) })).toEqual({
      id: 'sold-list',
      ok: false,
      message: `Se publicaron 14 números vendidos, pero las compras suman 11`,
    });
  });

  it('fails on overlapping claims', () => {
    const claims = [...CLAIMS, { reference: 'p-x', start: 2, count: 1 }];
    expect(checkSoldList({ ...record, claims }).message).toBe(
      'Las posiciones vendidas se salen de la rifa o se repiten',
    );
  });

  it('fails the instant prizes when one was moved', () => {
    const instantPrizeNumbers = ['001'];
    const tampered = { ...record, reveal: { ...record.reveal!, instantPrizeNumbers } };
    expect(checkInstantPrizes(tampered).ok).toBe(false);
  });
});

describe('checkBuyerNumbers', () => {
  const lucky = numbersAt(perm, CLAIMS[1]!, WIDTH);

  it('passes for the numbers the key gives the purchase, in any order and without zeros', () => {
    const typed = [...lucky].reverse().map((n) => String(Number(n)));
    expect(checkBuyerNumbers(record, 'p-luis', typed)).toEqual({
      id: 'buyer',
      ok: true,
      message: 'Tus 10 números son los que la clave asigna a tu compra',
    });
  });

  it('fails for a number that is not the purchase’s', () => {
    const wrong = [...lucky.slice(1), soldNumbers[0]!];
    expect(checkBuyerNumbers(record, 'p-luis', wrong).ok).toBe(false);
    expect(checkBuyerNumbers(record, 'p-nadie', lucky).message).toBe(
      'No hay números publicados para la compra p-nadie',
    );
  });
});

describe('before the draw', () => {
  it('says the key is not revealed yet', () => {
    const open = { ...record, draw: null, reveal: null };
    expect(verifyFairness(open).every((c) => !c.ok)).toBe(true);
    expect(checkKey(open).message).toBe(
      'La clave aún no se ha revelado: se publica con el resultado del sorteo',
    );
  });
});

describe('checkOwnNumbers', () => {
  const luis = numbersAt(perm, CLAIMS[1]!, WIDTH);

  it('finds the purchase from the numbers and passes when they are all of it', () => {
    expect(checkOwnNumbers(record, [...luis].reverse())).toMatchObject({ ok: true });
  });

  it("fails when a number typed is another purchase's", () => {
    const anas = numbersAt(perm, CLAIMS[0]!, WIDTH);
    const check = checkOwnNumbers(record, [...luis.slice(1), anas[0]!]);
    expect(check.ok).toBe(false);
  });

  it('fails on an unsold number and on a number outside the raffle', () => {
    const unsold = padNumber(perm.permute(900), WIDTH);
    expect(checkOwnNumbers(record, [unsold])).toMatchObject({
      ok: false,
      message: `El número ${unsold} no se vendió`,
    });
    expect(checkOwnNumbers(record, ['1000']).ok).toBe(false);
    expect(checkOwnNumbers(record, [' ']).ok).toBe(false);
  });
});

describe('the prizes of a sealed (pick-mode) record, each with its own hash', () => {
  const ref = record.commitment!.raffleRef;
  const prizeNumber = record.reveal!.instantPrizeNumbers[0]!;
  const prizeSalt = '1b'.repeat(16);
  const prize: FairnessPrize = {
    amount: 100,
    hash: instantPrizeCommitment(ref, prizeSalt, prizeNumber),
    number: prizeNumber,
    salt: prizeSalt,
    won: true,
  };
  const sealed = (prizes = [prize], reveal = record.reveal): FairnessExport => ({
    ...record,
    commitment: { ...record.commitment!, prizeHashes: [prize.hash] },
    prizeDisclosure: 'sealed',
    instantPrizes: prizes,
    draw: reveal ? record.draw : null,
    reveal,
  });

  it('checks a won prize before the draw, and every prize with it', () => {
    expect(checkInstantPrizes(sealed([prize], null)).ok).toBe(true);
    expect(checkInstantPrizes(sealed()).ok).toBe(true);
  });

  it('fails a prize whose number is not the one its hash fixed', () => {
    const moved = { ...prize, number: prizeNumber === '000' ? '001' : '000' };
    expect(checkInstantPrizes(sealed([moved], null))).toMatchObject({
      ok: false,
      message: `El número premiado ${moved.number} NO corresponde a la huella publicada antes de la venta`,
    });
  });

  it('fails a list of hashes other than the committed one', () => {
    const other = { ...prize, hash: 'ab'.repeat(32), number: null, salt: null };
    expect(checkInstantPrizes(sealed([other], null))).toMatchObject({
      ok: false,
      message: 'Las huellas de los premios NO son las publicadas antes de la venta',
    });
  });

  it('fails a drawn record that leaves a prize unrevealed', () => {
    const hidden = { ...prize, number: null, salt: null };
    expect(checkInstantPrizes(sealed([hidden]))).toMatchObject({
      ok: false,
      message: 'Los números premiados revelados uno a uno NO son los de la lista comprometida',
    });
  });
});
