// Closing the sale, recording the draw and the public fairness record (DESIGN, "The next layer"). The
// rule and the checks are contracts' pure functions; this module feeds them the store.
import {
  applyDrawRule,
  AUDIT_TEXTS,
  makeEvent,
  maskedHolder,
  DRAW_NOTICES,
  purchaseReference,
  type RaffleDrawnEvent,
  resultMismatch,
  SERVER,
  soldListHash,
  type ClosingReason,
  type FairnessExport,
  type OfficialResult,
  type SoldEntry,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import { findClaimAt, findClaimCovering, listClaims, type NumberClaim } from '../db/number-claims';
import { auditDoc, relayPendingAudit } from '../db/audit-log';
import { listInstantPrizes } from '../db/instant-prizes';
import { publishDrawnPastRaffle } from '../db/past-raffles';
import { getPurchase, type PurchaseDoc } from '../db/purchases';
import { getRaffle, getRaffleHero, numberModeOf } from '../db/raffle';
import { listSoldNumbers, soldNumberHolder } from '../db/number-holds';
import { refundedPurchaseIds } from '../db/refunds';
import {
  getRaffleFairness,
  markDrawPublished,
  saveClosing,
  saveLegacyCommitment,
  saveDraw,
  stopSales,
  type ClosingDoc,
  type DrawDoc,
  type RaffleFairness,
} from '../db/raffle-fairness';
import { getRaffleNumbers, type RaffleNumbers } from '../db/raffle-numbers';
import { newCommitment, prizesCommitment } from './commitment';
import { fairnessPrizes, prizeViewOf } from './prize-disclosure';
import { formatNumber, permutationFor } from './permutation';

/** An expected refusal with its Spanish message and HTTP status. */
export class FairnessRefusal extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** The sold numbers with their public purchase references, from the claims and the key. */
export function soldEntriesOf(raffle: RaffleNumbers, claims: readonly NumberClaim[]): SoldEntry[] {
  if (!raffle.secretKey) return [];
  const perm = permutationFor(raffle.secretKey, raffle.totalNumbers);
  const entries: SoldEntry[] = [];
  for (const claim of claims) {
    const reference = purchaseReference(claim.purchaseId);
    for (let p = claim.start; p < claim.start + claim.count; p++)
      entries.push({ number: formatNumber(perm.permute(p), raffle.numberWidth), reference });
  }
  return entries;
}

/**
 * The sold list of either mode: the key's numbers at the claims' positions, or in a
 * pick-mode raffle the numbers the buyers chose (db/number-holds.ts), each with its
 * purchase's public reference.
 */
async function soldListOf(db: Db, raffle: RaffleNumbers): Promise<SoldEntry[]> {
  return (await soldAndRefunded(db, raffle)).sold;
}

/**
 * The sold list, without the numbers of refunded purchases (refunds/refund-purchase.ts:
 * they stay their buyer's record, out of the draw), and how many numbers those hold.
 */
async function soldAndRefunded(
  db: Db,
  raffle: RaffleNumbers,
): Promise<{ sold: SoldEntry[]; refunded: number }> {
  const refunded = await refundedPurchaseIds(db, raffle.raffleId);
  if (!(await isPickRaffle(db, raffle.raffleId))) {
    const claims = await listClaims(db, raffle.raffleId);
    const kept = claims.filter((claim) => !refunded.has(claim.purchaseId));
    const left = claims.reduce((n, c) => n + (refunded.has(c.purchaseId) ? c.count : 0), 0);
    return { sold: soldEntriesOf(raffle, kept), refunded: left };
  }
  const numbers = await listSoldNumbers(db, raffle.raffleId);
  const kept = numbers.filter((sold) => !refunded.has(sold.purchaseId));
  return {
    sold: kept.map((sold) => ({
      number: formatNumber(sold.number, raffle.numberWidth),
      reference: purchaseReference(sold.purchaseId),
    })),
    refunded: numbers.length - kept.length,
  };
}

async function isPickRaffle(db: Db, raffleId: string): Promise<boolean> {
  const raffle = await getRaffle(db, raffleId);
  return raffle ? numberModeOf(raffle) === 'pick' : false;
}

/** Who holds the winning number: perm⁻¹ then the claim, or the chosen number's sale. */
async function winnerPurchaseId(
  db: Db,
  raffle: RaffleNumbers,
  winner: number,
): Promise<string | null> {
  if (await isPickRaffle(db, raffle.raffleId)) return soldNumberHolder(db, raffle.raffleId, winner);
  const perm = permutationFor(raffle.secretKey!, raffle.totalNumbers);
  return (await findClaimCovering(db, raffle.raffleId, perm.invert(winner)))?.purchaseId ?? null;
}

function closingReason(
  raffle: RaffleNumbers,
  fairness: RaffleFairness,
  now: Date,
): ClosingReason | null {
  if (raffle.soldOut || raffle.sold >= raffle.totalNumbers) return 'sold-out';
  if (fairness.closeRequestedAt) return 'staff';
  if (fairness.endDate && fairness.endDate.getTime() <= now.getTime()) return 'end-date';
  return null;
}

/**
 * Closes the sale when the raffle sold out or its end date passed: first stops new
 * reservations, then — once every pending order is paid and numbered or has expired —
 * publishes the hash of the sold list. Answers the closing when this call published it.
 */
export async function closeSaleIfDue(
  db: Db,
  now = new Date(),
  raffleId: string,
): Promise<ClosingDoc | null> {
  const fairness = await getRaffleFairness(db, raffleId);
  // Entries whose action was saved but not yet copied to the log (a crash in between).
  await relayPendingAudit(db, fairness.pendingAudit, raffleId);
  if (fairness.closing || !fairness.commitment) return null;
  const raffle = await getRaffleNumbers(db, raffleId);
  const reason = closingReason(raffle, fairness, now);
  if (!raffle.numbersGenerated || !reason) return null;
  if (!fairness.salesStopped) await stopSales(db, raffleId);
  // Paid orders still being numbered count as reserved: wait for them.
  if (raffle.reserved > 0) return null;

  const { sold, refunded } = await soldAndRefunded(db, raffle);
  if (sold.length + refunded !== raffle.sold) return null;
  const closing: ClosingDoc = {
    closedAt: now,
    reason,
    soldCount: sold.length,
    soldListHash: soldListHash(fairness.commitment.raffleRef, sold),
  };
  const audit = auditDoc(
    {
      actor: 'sistema',
      action: 'sale.closed',
      description: AUDIT_TEXTS.saleClosed(reason, closing.soldCount, now),
      raffleId,
      raffleRef: fairness.commitment.raffleRef,
    },
    now,
  );
  if (!(await saveClosing(db, closing, audit, raffleId, raffle.sold))) return null;
  await relayPendingAudit(db, [audit], raffleId);
  return closing;
}

/** What the declared rule makes of an official result, before anything is recorded. */
export interface ResolvedDraw {
  raffleRef: string;
  drawnNumber: string;
  winningNumber: string | null;
  winnerPurchaseId: string | null;
  winnerPurchase: PurchaseDoc | null;
}

/**
 * Applies the declared rule to the official Lotería Nacional result: the winning number,
 * the purchase holding it (perm⁻¹, then the claim covering that position). Refuses what
 * recording would refuse; records nothing (the Sorteo page's preview reads it too).
 */
export async function resolveOfficialResult(
  db: Db,
  result: OfficialResult,
  raffleId: string,
): Promise<ResolvedDraw> {
  const fairness = await getRaffleFairness(db, raffleId);
  const raffle = await getRaffleNumbers(db, raffleId);
  if (!raffle.secretKey || !fairness.commitment)
    throw new FairnessRefusal(409, SERVER.numbersNotGenerated);
  if (fairness.draw) throw new FairnessRefusal(409, SERVER.drawAlreadyRecorded);
  if (!fairness.closing) throw new FairnessRefusal(409, SERVER.saleNotClosed);
  const mismatch = resultMismatch(fairness.drawRule, result, fairness.closing.closedAt);
  if (mismatch) throw new FairnessRefusal(400, mismatch);

  const sold = await soldListOf(db, raffle);
  const { drawn, winner } = applyDrawRule(
    result.firstPrize,
    raffle,
    sold.map((entry) => Number(entry.number)),
  );
  const holder = winner === null ? null : await winnerPurchaseId(db, raffle, winner);
  return {
    raffleRef: fairness.commitment.raffleRef,
    drawnNumber: formatNumber(drawn, raffle.numberWidth),
    winningNumber: winner === null ? null : formatNumber(winner, raffle.numberWidth),
    winnerPurchaseId: holder,
    winnerPurchase: holder ? await getPurchase(db, holder) : null,
  };
}

/** Records the resolved draw once, with its raffle.drawn event in the same write. */
export async function recordOfficialResult(
  db: Db,
  result: OfficialResult,
  recordedBy: string,
  raffleId: string,
): Promise<DrawDoc> {
  const resolved = await resolveOfficialResult(db, result, raffleId);
  const winnerPurchase = resolved.winnerPurchase;
  const draw: DrawDoc = {
    result,
    drawnNumber: resolved.drawnNumber,
    winningNumber: resolved.winningNumber,
    winnerPurchaseId: resolved.winnerPurchaseId,
    winnerReference: resolved.winnerPurchaseId
      ? purchaseReference(resolved.winnerPurchaseId)
      : null,
    recordedAt: new Date(),
    recordedBy,
  };
  const event = await drawnEvent(db, raffleId, resolved.raffleRef, draw, winnerPurchase);
  if (!(await saveDraw(db, draw, event, raffleId)))
    throw new FairnessRefusal(409, SERVER.drawAlreadyRecorded);
  return draw;
}

/** What the winner's and staff's messages need, taken now: the next raffle reuses the document. */
async function drawnEvent(
  db: Db,
  raffleId: string,
  raffleRef: string,
  draw: DrawDoc,
  purchase: PurchaseDoc | null,
): Promise<RaffleDrawnEvent> {
  const hero = await getRaffleHero(db, raffleId);
  return makeEvent(
    'raffle.drawn',
    {
      raffleId,
      raffleRef,
      raffleName: hero?.name ?? '',
      prize: hero?.prize ?? '',
      result: {
        firstPrize: draw.result.firstPrize,
        drawNumber: draw.result.drawNumber,
        drawDate: draw.result.drawDate,
      },
      drawnNumber: draw.drawnNumber,
      winningNumber: draw.winningNumber,
      winner: purchase && {
        purchaseId: purchase._id,
        orderCode: purchase.orderCode ?? purchase._id,
        firstName: purchase.buyer.firstName,
        lastName: purchase.buyer.lastName,
        email: purchase.buyer.email,
        phone: purchase.buyer.phone,
        city: purchase.buyer.city,
      },
    },
    draw.recordedAt,
  );
}

/**
 * Puts a recorded draw on /ganadores as a past raffle (prize, winning number, the holder
 * masked as "Ana P. — Quito", the lottery's date), once. Called right after the draw is
 * recorded and again by the closing job, which catches a crash in between.
 */
export async function publishDrawResultIfDue(db: Db, raffleId: string): Promise<boolean> {
  const fairness = await getRaffleFairness(db, raffleId);
  const { draw, commitment } = fairness;
  if (!draw || !commitment || fairness.drawPublished) return false;
  const hero = await getRaffleHero(db, raffleId);
  const purchase = draw.winnerPurchaseId ? await getPurchase(db, draw.winnerPurchaseId) : null;
  await publishDrawnPastRaffle(db, commitment.raffleRef, {
    activityName: hero?.name ?? '',
    prize: hero?.prize ?? '',
    image: hero?.imageUrl ?? '',
    instagramPostUrl: '',
    date: draw.result.drawDate,
    winner: purchase ? maskedHolder(purchase.buyer) : DRAW_NOTICES.noWinner,
    winningNumber: draw.winningNumber,
  });
  await markDrawPublished(db, raffleId);
  return true;
}

/**
 * A raffle whose numbers were generated before commitments existed gets one now — but
 * only while nothing is sold or reserved, when it still comes before every sale. One
 * with sales keeps none: a commitment made after selling would prove nothing.
 */
export async function commitUnsoldLegacyRaffle(db: Db, raffleId: string): Promise<boolean> {
  const raffle = await getRaffleNumbers(db, raffleId);
  const { commitment } = await getRaffleFairness(db, raffleId);
  if (commitment || !raffle.numbersGenerated || !raffle.secretKey) return false;
  const prizes = await listInstantPrizes(db, raffleId);
  const fresh = newCommitment({ ...raffle, key: raffle.secretKey });
  return saveLegacyCommitment(
    db,
    {
      ...fresh,
      ...prizesCommitment(
        fresh.raffleRef,
        prizes.map((p) => p.number),
      ),
    },
    raffleId,
  );
}

/** The public record: what was committed and when, and after the draw the secrets behind it. */
export async function fairnessExport(db: Db, raffleId: string): Promise<FairnessExport> {
  const fairness = await getRaffleFairness(db, raffleId);
  const raffle = await getRaffleNumbers(db, raffleId);
  const { commitment, closing, draw } = fairness;
  const claims = commitment ? await listClaims(db, raffleId) : [];
  const pick = await isPickRaffle(db, raffleId);
  const picks = commitment && pick ? await listSoldNumbers(db, raffleId) : [];
  const first = commitment ? await findClaimAt(db, raffleId, 0) : null;
  // Pick mode has no claims: the first sale is the earliest chosen number sold.
  const firstPick = picks.reduce<Date | null>((min, p) => (!min || p.at < min ? p.at : min), null);
  const prizeView = await prizeViewOf(db, raffleId);
  return {
    version: 1,
    commitment: commitment && {
      raffleRef: commitment.raffleRef,
      totalNumbers: raffle.totalNumbers,
      numberWidth: raffle.numberWidth,
      keyHash: commitment.keyHash,
      committedAt: commitment.committedAt.toISOString(),
      prizesHash: commitment.prizesHash,
      prizesCommittedAt: commitment.prizesCommittedAt.toISOString(),
      prizeHashes: commitment.prizeHashes ?? [],
    },
    rule: fairness.drawRule,
    lockedAt: (first?.createdAt ?? firstPick)?.toISOString() ?? null,
    closing: closing && { ...closing, closedAt: closing.closedAt.toISOString() },
    draw: draw && {
      result: draw.result,
      drawnNumber: draw.drawnNumber,
      winningNumber: draw.winningNumber,
      winnerReference: draw.winnerReference,
      recordedAt: draw.recordedAt.toISOString(),
    },
    reveal:
      draw && commitment && raffle.secretKey
        ? {
            key: raffle.secretKey,
            prizesSalt: commitment.prizesSalt,
            instantPrizeNumbers: commitment.prizeNumbers,
          }
        : null,
    claims: claims.map((claim) => ({
      reference: purchaseReference(claim.purchaseId),
      start: claim.start,
      count: claim.count,
    })),
    mode: pick ? 'pick' : 'random',
    picks: picks.map((p) => ({
      reference: purchaseReference(p.purchaseId),
      number: formatNumber(p.number, raffle.numberWidth),
    })),
    prizeDisclosure: prizeView.disclosure,
    instantPrizes: commitment ? await fairnessPrizes(db, raffleId, prizeView) : [],
  };
}
