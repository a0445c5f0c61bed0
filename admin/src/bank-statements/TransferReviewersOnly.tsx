// Conciliación opens for admins, and for resellers only while Ajustes lets them confirm
// transfers (the api decides the same on each call); others see react-admin's page.
import type { ReactNode } from 'react';
import { AccessDenied, Loading, usePermissions } from 'react-admin';
import { canAccess } from '../layout/menu';
import { useResellersCanConfirm } from './useResellersCanConfirm';

export function TransferReviewersOnly({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string | null>();
  const resellersCanConfirm = useResellersCanConfirm(permissions);
  if (isPending || (permissions === 'reseller' && resellersCanConfirm === undefined))
    return <Loading />;
  return canAccess(permissions, 'bank-statements', { resellersCanConfirm }) ? (
    <>{children}</>
  ) : (
    <AccessDenied />
  );
}
