// react-admin's Layout already gives a sidebar on large screens and a slide-out drawer on
// small ones; we supply SPEC §2's menu and header.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppHeader} menu={AppMenu}>
      {children}
    </Layout>
  );
}
