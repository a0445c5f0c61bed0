// The back office: react-admin under /admin with SPEC §2's routes. Admin-only screens are
// refused to resellers by authProvider.canAccess (resources) and <AdminOnly> (custom routes).
// Rifas holds every raffle; a raffle's page content, packages, prizes and draw are tabs of
// its page, and the old one-raffle addresses lead to the featured raffle's tab.
// The sign-in screen is not here (see App.tsx): react-admin's redirect to /admin/login
// lands on it.
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { archive } from './archive';
import { audit } from './audit';
import { dataRequests } from './data-requests';
import { invoices } from './invoicing';
import { authProvider } from './authProvider';
import { AdminOnly } from './common/AdminOnly';
import { lazyPage } from './common/lazyPage';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { packages } from './packages';
import { purchases } from './purchases';
import { resellers } from './resellers';
import { raffles } from './raffles';
import { theme } from './theme';

// Each screen loads with its route (see lazyPage).
const Dashboard = lazyPage(() => import('./dashboard/Dashboard'), 'Dashboard');
const ToFeaturedRaffle = lazyPage(() => import('./raffles/ToFeaturedRaffle'), 'ToFeaturedRaffle');
const SettingsPage = lazyPage(() => import('./settings/SettingsPage'), 'SettingsPage');
const BannerManager = lazyPage(() => import('./banners/BannerManager'), 'BannerManager');
const UsersPage = lazyPage(() => import('./users/UsersPage'), 'UsersPage');
const ReportsPage = lazyPage(() => import('./reports/ReportsPage'), 'ReportsPage');
const BankStatementsPage = lazyPage(
  () => import('./bank-statements/BankStatementsPage'),
  'BankStatementsPage',
);
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
      <Resource name="raffles" {...raffles} />
      <Resource name="packages" {...packages} />
      <Resource name="purchases" {...purchases} />
      <Resource name="resellers" {...resellers} />
      <Resource name="archive" {...archive} />
      <Resource name="audit" {...audit} />
      <Resource name="data-requests" {...dataRequests} />
      <Resource name="invoices" {...invoices} />
      <CustomRoutes>
        <Route
          path="/hero"
          element={
            <AdminOnly name="hero">
              <ToFeaturedRaffle />
            </AdminOnly>
          }
        />
        <Route
          path="/prizes"
          element={
            <AdminOnly name="prizes">
              <ToFeaturedRaffle tab="prizes" />
            </AdminOnly>
          }
        />
        <Route
          path="/draw"
          element={
            <AdminOnly name="draw">
              <ToFeaturedRaffle tab="draw" />
            </AdminOnly>
          }
        />
        <Route
          path="/rifas/*"
          element={
            <AdminOnly name="rifas">
              <Navigate to="/admin/archive" replace />
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
        <Route
          path="/bank-statements"
          element={
            <AdminOnly name="bank-statements">
              <BankStatementsPage />
            </AdminOnly>
          }
        />
      </CustomRoutes>
    </Admin>
  );
}
