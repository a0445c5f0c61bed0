// The back office: react-admin under /admin with SPEC §2's routes. Admin-only screens are
// refused to resellers by authProvider.canAccess (resources) and <AdminOnly> (custom routes).
// The sign-in screen is not here (see App.tsx): react-admin's redirect to /admin/login
// lands on it.
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { audit } from './audit';
import { authProvider } from './authProvider';
import { AdminOnly } from './common/AdminOnly';
import { lazyPage } from './common/lazyPage';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { packages } from './packages';
import { purchases } from './purchases';
import { resellers } from './resellers';
import { rifas } from './rifas';
import { theme } from './theme';

// Each screen loads with its route (see lazyPage).
const Dashboard = lazyPage(() => import('./dashboard/Dashboard'), 'Dashboard');
const HeroEdit = lazyPage(() => import('./hero/HeroEdit'), 'HeroEdit');
const PrizesPage = lazyPage(() => import('./prizes/PrizesPage'), 'PrizesPage');
const SettingsPage = lazyPage(() => import('./settings/SettingsPage'), 'SettingsPage');
const BannerManager = lazyPage(() => import('./banners/BannerManager'), 'BannerManager');
const UsersPage = lazyPage(() => import('./users/UsersPage'), 'UsersPage');
const ReportsPage = lazyPage(() => import('./reports/ReportsPage'), 'ReportsPage');
const DrawPage = lazyPage(() => import('./draw/DrawPage'), 'DrawPage');
const ChangePasswordPage = lazyPage(
  () => import('./account/ChangePasswordPage'),
  'ChangePasswordPage',
);

export function BackOffice() {
  return (
    <Admin
      basename="/admin"
      title="Admin Dashboard"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      loginPage={false}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="packages" {...packages} />
      <Resource name="purchases" {...purchases} />
      <Resource name="resellers" {...resellers} />
      <Resource name="rifas" {...rifas} />
      <Resource name="audit" {...audit} />
      <CustomRoutes>
        <Route
          path="/hero"
          element={
            <AdminOnly name="hero">
              <HeroEdit />
            </AdminOnly>
          }
        />
        <Route
          path="/prizes"
          element={
            <AdminOnly name="prizes">
              <PrizesPage />
            </AdminOnly>
          }
        />
        <Route
          path="/draw"
          element={
            <AdminOnly name="draw">
              <DrawPage />
            </AdminOnly>
          }
        />
        <Route
          path="/settings"
          element={
            <AdminOnly name="settings">
              <SettingsPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin-banner-manager"
          element={
            <AdminOnly name="admin-banner-manager">
              <BannerManager />
            </AdminOnly>
          }
        />
        <Route path="/users" element={<UsersPage />} />
        <Route path="/change-password" element={<ChangePasswordPage />} />
        <Route path="/reports" element={<ReportsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
