// Pure rules of the "Datos personales" screen (tests beside it).
import type { DataRequest } from '@vag/contracts';

/** A pending request past its 15-day deadline. */
export function isOverdue(
  request: Pick<DataRequest, 'status' | 'dueAt'>,
  now = new Date(),
): boolean {
  return request.status === 'pending' && new Date(request.dueAt).getTime() < now.getTime();
}

/** Whole days left to answer (negative once overdue). */
export function daysLeft(request: Pick<DataRequest, 'dueAt'>, now = new Date()): number {
  return Math.ceil((new Date(request.dueAt).getTime() - now.getTime()) / 86_400_000);
}
