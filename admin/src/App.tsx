// The api serves this app under /admin: a browser router (not react-admin's default hash
// router). The sign-in screen and the back office are separate chunks, so /admin/login
// loads neither react-admin nor any page behind it.
//
// Location changes are not transitions (useTransitions={false}): in a transition the
// back office stays mounted, at its old path, until the sign-in chunk is ready, and a
// signed-out back office logs out and redirects again each time its auth check reruns:
// that loop pushed dozens of history entries and froze the tab for seconds before the
// sign-in screen showed. Synchronous updates unmount it at the first redirect; its pages show
// react-admin's loading bar while their chunk loads.
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { lazyPage } from './common/lazyPage';

const LoginPage = lazyPage(() => import('./login/LoginPage'), 'LoginPage');
const BackOffice = lazyPage(() => import('./BackOffice'), 'BackOffice');

export function App() {
  return (
    <BrowserRouter useTransitions={false}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/admin/login" element={<LoginPage />} />
          <Route path="/admin/*" element={<BackOffice />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
