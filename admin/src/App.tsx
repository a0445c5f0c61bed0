// The api serves this app under /admin: a browser router (not react-admin's default hash
// router). The sign-in screen and the back office are separate chunks, so /admin/login
// loads neither react-admin nor any page behind it.
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { lazyPage } from './common/lazyPage';

const LoginPage = lazyPage(() => import('./login/LoginPage'), 'LoginPage');
const BackOffice = lazyPage(() => import('./BackOffice'), 'BackOffice');

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/admin/login" element={<LoginPage />} />
          <Route path="/admin/*" element={<BackOffice />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
