// After the buyers are gone the pipeline still works: numbers, e-mails and SMS arrive
// asynchronously. These read the store to see when it has caught up.
import type { Db } from 'mongodb';

export interface PipelineState {
  completed: number;
  withNumbers: number;
  notified: number;
  pending: number;
}

const DELIVERED = ['sent', 'logged'];

export async function pipelineState(db: Db): Promise<PipelineState> {
  const purchases = db.collection('purchases');
  const [completed, withNumbers, notified, pending] = await Promise.all([
    purchases.countDocuments({ status: 'COMPLETED' }),
    purchases.countDocuments({ status: 'COMPLETED', numbersAssignedAt: { $exists: true } }),
    purchases.countDocuments({
      status: 'COMPLETED',
      'notifications.email.status': { $in: DELIVERED },
      'notifications.sms.status': { $in: DELIVERED },
    }),
    purchases.countDocuments({ status: 'PENDING' }),
  ]);
  return { completed, withNumbers, notified, pending };
}

/** True once every completed purchase has its numbers (and, if asked, its messages). */
export function settled(state: PipelineState, withNotifications = true): boolean {
  return (
    state.withNumbers === state.completed &&
    (!withNotifications || state.notified === state.completed)
  );
}
