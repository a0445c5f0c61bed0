// After the buyers are gone the pipeline still works: numbers, e-mails, SMS and the
// reports' facts arrive asynchronously. These read the store to see when it has caught up.
import { countFactsByStatus } from '@vag/core/db/report-facts';
import { PURCHASE_STATUSES } from '@vag/contracts';
import type { Db } from 'mongodb';

export interface PipelineState {
  completed: number;
  withNumbers: number;
  notified: number;
  pending: number;
  /** Purchases whose status the reports do not show yet. */
  reportsBehind: number;
}

const DELIVERED = ['sent', 'logged'];

export async function pipelineState(db: Db): Promise<PipelineState> {
  const purchases = db.collection('purchases');
  const [completed, withNumbers, notified, pending, reportsBehind] = await Promise.all([
    purchases.countDocuments({ status: 'COMPLETED' }),
    purchases.countDocuments({ status: 'COMPLETED', numbersAssignedAt: { $exists: true } }),
    purchases.countDocuments({
      status: 'COMPLETED',
      'notifications.email.status': { $in: DELIVERED },
      'notifications.sms.status': { $in: DELIVERED },
    }),
    purchases.countDocuments({ status: 'PENDING' }),
    reportsBehindBy(db),
  ]);
  return { completed, withNumbers, notified, pending, reportsBehind };
}

async function reportsBehindBy(db: Db): Promise<number> {
  const [stored, shown] = await Promise.all([
    Promise.all(
      PURCHASE_STATUSES.map((status) => db.collection('purchases').countDocuments({ status })),
    ),
    countFactsByStatus(db),
  ]);
  return PURCHASE_STATUSES.reduce(
    (sum, status, i) => sum + Math.abs(stored[i]! - shown[status]),
    0,
  );
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
