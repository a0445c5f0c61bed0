// Group allocation, for the numbers worker: the purchases one process allocates at the
// same time share the store's round trips. The first request goes out at once; those
// arriving while it is in flight wait and then extend the chain of claims together, with
// one ordered insert of contiguous claims and one cursor move (which also counts them as
// sold), however many they are.
// The chain keeps its guarantee (allocate.ts): an ordered insert stops at its first
// refusal, so what went in is gap-free from the cursor. A claim the store refused — a
// start another process took, a redelivered purchase that holds a claim — takes the
// one-by-one way of allocateNumbers, which sorts each case out, and the requests behind
// it try again from the cursor; so do the raffle's last positions.
import type { Db } from 'mongodb';
import { batchedPerDb, type Pending } from '../db/group-commit';
import { insertClaimChain, type ClaimRequest } from '../db/number-claims';
import { advanceCursor, getRaffleNumbers } from '../db/raffle-numbers';
import { allocateNumbers, claimNumbers, type Allocation } from './allocate';

export interface AllocationRequest {
  raffleId: string;
  purchaseId: string;
  quantity: number;
}

type Waiting = Pending<AllocationRequest, Allocation>;

/** Requests per ordered insert: keeps one command's hold on the store's write queue short. */
const MAX_BATCH = 100;

/** Settles every request of the batch; never throws. */
async function allocateBatch(db: Db, batch: Waiting[]): Promise<void> {
  const raffleId = batch[0]!.item.raffleId;
  const chained: Waiting[] = [];
  const oneByOne: Waiting[] = [];
  const seen = new Set<string>();
  for (const w of batch) {
    const { item: request } = w;
    const plain =
      request.raffleId === raffleId &&
      !seen.has(request.purchaseId) &&
      Number.isSafeInteger(request.quantity) &&
      request.quantity >= 1;
    seen.add(request.purchaseId);
    (plain ? chained : oneByOne).push(w);
  }

  // Each round extends the chain from the cursor with what is left. A refused claim
  // (another process took that start, or the purchase holds a claim already) goes the
  // one-by-one way, which sorts it out and moves the cursor on; the rest try again.
  let left = chained;
  while (left.length > 0) {
    try {
      const raffle = await getRaffleNumbers(db, raffleId);
      if (!raffle.numbersGenerated || !raffle.secretKey) break;
      const chain: ClaimRequest[] = [];
      let start = raffle.nextPosition;
      for (const { item: request } of left) {
        if (start + request.quantity > raffle.totalNumbers) break;
        chain.push({ raffleId, start, count: request.quantity, purchaseId: request.purchaseId });
        start += request.quantity;
      }
      if (chain.length === 0) break;
      const claims = await insertClaimChain(db, chain);
      const last = claims.at(-1);
      const claimed = claims.reduce((sum, claim) => sum + claim.count, 0);
      if (last) await advanceCursor(db, raffleId, last.start + last.count, claimed);
      claims.forEach((claim, i) =>
        left[i]!.resolve({ claim, numbers: claimNumbers(claim, raffle), raffle }),
      );
      const refused = left[claims.length];
      if (claims.length === chain.length || !refused) {
        left = left.slice(claims.length); // what did not fit: the raffle's last positions
        break;
      }
      await settleOneByOne(db, refused);
      left = left.slice(claims.length + 1);
    } catch (error) {
      // Nothing of `left` was resolved when the read or the insert failed; when the
      // cursor move failed the claims exist, and a redelivery finds them (their counters
      // are then the reconciler's to repair).
      for (const w of left) w.reject(error);
      left = [];
    }
  }
  oneByOne.unshift(...left);

  for (const w of oneByOne) await settleOneByOne(db, w);
}

async function settleOneByOne(db: Db, w: Waiting): Promise<void> {
  try {
    w.resolve(await allocateNumbers(db, w.item));
  } catch (error) {
    w.reject(error);
  }
}

/** allocateNumbers, grouped with the other allocations of this process that run meanwhile. */
export const allocateNumbersGrouped: (db: Db, request: AllocationRequest) => Promise<Allocation> =
  batchedPerDb(allocateBatch, MAX_BATCH);
