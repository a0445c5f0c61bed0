// After the buyers are gone the pipeline still works: numbers, e-mails, SMS and the
// reports' facts arrive asynchronously. These read the store to see when it has caught up.
import { countFactsByStatus } from '@vag/core/db/report-facts';
import { PURCHASE_STATUSES, type PurchaseStatus } from '@vag/contracts';
import type { Db } from 'mongodb';

export interface PipelineState {
  completed: number;
  withNumbers: number;
  notified: number;
  /** E-mails and SMS the paid purchases have had (at most two each). */
  messages: number;
  pending: number;
  /** Purchases whose status the reports do not show yet. */
  reportsBehind: number;
}

const DELIVERED = new Set(['sent', 'logged']);
const delivered = (channel?: { status?: string }) => DELIVERED.has(channel?.status ?? '');

interface PurchaseRow {
  status: PurchaseStatus;
  numbersAssignedAt?: Date;
  notifications?: { email?: { status?: string }; sms?: { status?: string } };
}

/**
 * One read of every purchase (the fields counted, nothing else) and one of the reports'
 * stages: a count per question would read all of them a dozen times, and a benchmark's
 * probe must not be what the store spends its time on.
 */
export async function pipelineState(db: Db): Promise<PipelineState> {
  const [rows, shown] = await Promise.all([
    db
      .collection<PurchaseRow>('purchases')
      .find(
        {},
        {
          projection: {
            status: 1,
            numbersAssignedAt: 1,
            'notifications.email.status': 1,
            'notifications.sms.status': 1,
          },
        },
      )
      .toArray(),
    countFactsByStatus(db),
  ]);
  const stored = Object.fromEntries(PURCHASE_STATUSES.map((status) => [status, 0]));
  const state = {
    completed: 0,
    withNumbers: 0,
    notified: 0,
    messages: 0,
    pending: 0,
    reportsBehind: 0,
  };
  for (const p of rows) {
    stored[p.status]!++;
    if (p.status === 'PENDING') state.pending++;
    if (p.status !== 'COMPLETED') continue;
    state.completed++;
    if (p.numbersAssignedAt) state.withNumbers++;
    const email = delivered(p.notifications?.email);
    const sms = delivered(p.notifications?.sms);
    if (email && sms) state.notified++;
    state.messages += Number(email) + Number(sms);
  }
  // Open orders have no fact: the reports read them from the purchases themselves.
  state.reportsBehind = PURCHASE_STATUSES.filter((status) => status !== 'PENDING').reduce(
    (sum, status) => sum + Math.abs(stored[status]! - shown[status]),
    0,
  );
  return state;
}

/**
 * True once every completed purchase has its numbers and, for our own pipeline (not the
 * baseline's), its messages, and the reports show every purchase as it is.
 */
export function settled(state: PipelineState, ownPipeline = true): boolean {
  return (
    state.withNumbers === state.completed &&
    (!ownPipeline || (state.notified === state.completed && state.reportsBehind === 0))
  );
}

/** The probe reads every purchase at least this often while the messages go out. */
const LOOK_AT_MOST_EVERY_MS = 30_000;
/** No message for this long: the senders are done, or the rest failed and wait to retry. */
const QUIET_MS = 2_000;

export interface WaitForPipelineOptions {
  /** Wait for the e-mails and SMS too, not only for the numbers. */
  withNotifications: boolean;
  boundMs: number;
  /**
   * How many messages the e-mail and SMS providers have received so far: the probe then
   * reads the store again only once they have had enough.
   */
  messagesReceived?: () => number;
  /**
   * `boundMs` bounds a stall, not the whole wait: while numbers or messages still go out
   * between two looks the wait goes on (a slow box sends its backlog slowly, and an audit
   * taken before it is done would report the messages as missing).
   */
  whileMoving?: boolean;
}

/**
 * Waits (bounded) until the pipeline has caught up (`settled`); true if it did. Each look
 * reads every purchase, as much store CPU as a hundred purchases cost (docs/bench-history.md run 11,
 * and 0.6 s of the store's CPU at 20 000 purchases in run 22), so with the providers'
 * counter the probe looks again only once they have had every message still due, or none
 * for a while (the last outcomes being written), or after 5 s while numbers are missing.
 */
export async function waitForPipeline(db: Db, options: WaitForPipelineOptions): Promise<boolean> {
  let deadline = Date.now() + options.boundMs;
  const received = options.messagesReceived;
  let progress = -1;
  for (;;) {
    const receivedAtLook = received?.() ?? 0;
    const state = await pipelineState(db);
    if (settled(state, options.withNotifications)) return true;
    const done = state.withNumbers + state.messages;
    if (options.whileMoving && done > progress) {
      if (progress >= 0) deadline = Date.now() + options.boundMs;
      progress = done;
    }
    if (Date.now() >= deadline) return false;
    if (options.withNotifications && received && state.withNumbers === state.completed)
      await untilMessages(
        received,
        receivedAtLook + 2 * state.completed - state.messages,
        deadline - Date.now(),
      );
    else await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

/** What is still missing, in words: for a bench that stopped waiting to say how far behind. */
export function describeBehind(state: PipelineState): string {
  return (
    `${state.completed - state.withNumbers} of ${state.completed} paid purchases without numbers, ` +
    `${state.completed - state.notified} not yet messaged (${2 * state.completed - state.messages} e-mails and phone messages behind), ` +
    `${state.reportsBehind} not yet in the reports`
  );
}

/** Resolves once `received()` reaches `target`, stops growing for QUIET_MS, or time is up. */
async function untilMessages(received: () => number, target: number, leftMs: number) {
  const until = Date.now() + Math.min(LOOK_AT_MOST_EVERY_MS, leftMs);
  let count = received();
  let changedAt = Date.now();
  while (count < target && Date.now() - changedAt < QUIET_MS && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = received();
    if (now !== count) [count, changedAt] = [now, Date.now()];
  }
}
