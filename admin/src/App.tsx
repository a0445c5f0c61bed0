// The back office: react-admin under /admin with SPEC §2's routes. Admin-only screens are
// refused to resellers by authProvider.canAccess (resources) and <AdminOnly> (custom routes).
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { authProvider } from './authProvider';
import { BannerManager } from './banners/BannerManager';
import { AdminOnly } from './common/AdminOnly';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { HeroEdit } from './hero/HeroEdit';
import { i18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { LoginPage } from './login/LoginPage';
import { packages } from './packages';
import { PrizesPage } from './prizes/PrizesPage';
import { purchases } from './purchases';
import { ReportsPage } from './reports/ReportsPage';
import { resellers } from './resellers';
import { rifas } from './rifas';
import { SettingsPage } from './settings/SettingsPage';
import { theme } from './theme';
import { UsersPage } from './users/UsersPage';

// The api serves this app under /admin: a browser router (not react-admin's default hash
// router) with the Admin mounted on /admin/*, so URLs are /admin/packages etc.
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<BackOffice />} />
      </Routes>
    </BrowserRouter>
  );
}

function BackOffice() {
  return (
    <Admin
      basename="/admin"
      title="Admin Dashboard"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      loginPage={LoginPage}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="packages" {...packages} />
      <Resource name="purchases" {...purchases} />
      <Resource name="resellers" {...resellers} />
      <Resource name="rifas" {...rifas} />
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
        <Route path="/reports" element={<ReportsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
