// Custom routes are not resources, so react-admin does not check them: ask canAccess
// ourselves and show react-admin's (Spanish) access-denied page to a reseller.
import type { ReactNode } from 'react';
import { AccessDenied, CanAccess, Loading } from 'react-admin';

export function AdminOnly({ name, children }: { name: string; children: ReactNode }) {
  return (
    <CanAccess resource={name} action="list" loading={<Loading />} accessDenied={<AccessDenied />}>
      {children}
    </CanAccess>
  );
}
