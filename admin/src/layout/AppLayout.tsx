// react-admin's Layout already gives a sidebar on large screens and a slide-out drawer on
// small ones; we supply SPEC §2's menu and header.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { useSignInToast } from './useSignInToast';

// react-admin's layout is min-width: fit-content, so one wide table widened the whole page on
// phones; let the content shrink and the tables scroll inside their cards instead.
const LAYOUT_SX = { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } };

export function AppLayout({ children }: { children: ReactNode }) {
  useSignInToast();
  return (
    <Layout appBar={AppHeader} menu={AppMenu} sx={LAYOUT_SX}>
      {children}
    </Layout>
  );
}
