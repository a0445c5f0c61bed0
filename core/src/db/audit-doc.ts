// One stored audit entry (`audit_log`), in a module of its own: the audit log writes it,
// and an action's own document may carry it until it is copied there (raffle-fairness.ts,
// `pendingAudit`), so the entry is saved in the same write as the action.
import type { AuditAction, AuditScope } from '@vag/contracts';

export interface AuditDoc {
  _id: string;
  at: Date;
  actor: string;
  actorId: string | null;
  action: AuditAction;
  description: string;
  scope: AuditScope;
  raffleId: string;
  raffleRef: string | null;
  purchaseId: string | null;
}
