// Status and role labels exactly as SPEC §4 and §2 define them.
import { ADMIN_DISPLAY_STATUS, NO_ROLE_LABEL, ROLE_LABELS, type Role } from '../constants';

type Block = { status?: string | null } | null | undefined;

export interface DisplayStatusInput {
  status?: string | null;
  paypal?: Block;
  card?: Block;
  mobile?: Block;
  bankTransfer?: { received?: boolean | null } | null;
}

export type AdminDisplayStatus = (typeof ADMIN_DISPLAY_STATUS)[keyof typeof ADMIN_DISPLAY_STATUS];

/**
 * COMPLETADO when the purchase, or its PayPal, card ('COMPLETED' or 'paid') or mobile
 * payment is COMPLETED; else RECIBIDO when a bank transfer was received; else PENDIENTE.
 */
export function adminDisplayStatus(purchase: DisplayStatusInput): AdminDisplayStatus {
  const cardStatus = purchase.card?.status;
  if (
    purchase.status === 'COMPLETED' ||
    purchase.paypal?.status === 'COMPLETED' ||
    cardStatus === 'COMPLETED' ||
    cardStatus === 'paid' ||
    purchase.mobile?.status === 'COMPLETED'
  ) {
    return ADMIN_DISPLAY_STATUS.completed;
  }
  if (purchase.bankTransfer?.received) return ADMIN_DISPLAY_STATUS.received;
  return ADMIN_DISPLAY_STATUS.pending;
}

/** The bank-transfer block of the details dialog: COMPLETADO or PENDIENTE by `received`. */
export function bankTransferLabel(
  block: { received?: boolean | null } | null | undefined,
): 'COMPLETADO' | 'PENDIENTE' {
  return block?.received ? ADMIN_DISPLAY_STATUS.completed : ADMIN_DISPLAY_STATUS.pending;
}

/**
 * Public instant-prize label: 'Entregado', else 'Disponible' if available, 'Ganado' once a
 * purchase won it ('pending': to be paid out), else 'No disponible'.
 */
export function instantPrizePublicLabel(prize: {
  delivered?: boolean | null;
  status?: string | null;
}): string {
  if (prize.delivered) return 'Entregado';
  if (prize.status === 'available') return 'Disponible';
  return prize.status === 'pending' ? 'Ganado' : 'No disponible';
}

/** Admin instant-prize label: available 'Disponible', pending 'Pendiente', others raw. */
export function instantPrizeAdminLabel(status: string | null | undefined): string {
  if (status === 'available') return 'Disponible';
  if (status === 'pending') return 'Pendiente';
  return status ?? '';
}

/** Role badge: admin Administrador, reseller Revendedor, other as is, none 'Sin rol'. */
export function roleLabel(role: Role | string | null | undefined): string {
  if (!role) return NO_ROLE_LABEL;
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}
