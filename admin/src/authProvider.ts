// react-admin's authProvider on the api's JWT: login stores token, user and role (SPEC §3
// keys), checkAuth only needs the token, a 401 ends the session, roles gate the screens;
// logout ends the session on the server (POST /api/admin/logout) before forgetting it.
import type { AuthProvider, UserIdentity } from 'react-admin';
import { apiFetch } from './http';
import { canAccess } from './layout/menu';
import { noteFailedAttempts, type FailedAttempts } from './login/welcome';
import { clearSession, readSession, saveSession, type StaffUser } from './session';

interface LoginAnswer {
  token: string;
  user: StaffUser;
  failedLogins?: FailedAttempts;
}

export interface Profile {
  email: string;
  role: string;
  code?: string | null;
}

/**
 * Ends the session on the server too, so a copy of the token stops working. Best effort:
 * the browser forgets the token whatever the answer (an expired session answers 401).
 */
async function endServerSession(): Promise<void> {
  if (!readSession()) return;
  try {
    await apiFetch('/api/admin/logout', { method: 'POST' });
  } catch {
    // Offline or already ended: nothing more to do here.
  }
}

let profileCache: { token: string; profile: Profile } | null = null;

async function loadProfile(token: string): Promise<Profile | null> {
  if (profileCache?.token === token) return profileCache.profile;
  try {
    const { json } = await apiFetch('/api/admin/me');
    const profile = json as Profile;
    profileCache = { token, profile };
    return profile;
  } catch {
    return null;
  }
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const { json } = await apiFetch('/api/admin/login', {
      method: 'POST',
      auth: false,
      body: JSON.stringify({ email, password }),
    });
    const answer = json as LoginAnswer;
    saveSession(answer.token, answer.user);
    noteFailedAttempts(answer.failedLogins);
    profileCache = null;
  },
  async logout() {
    await endServerSession();
    clearSession();
    profileCache = null;
  },
  async checkAuth() {
    if (!readSession()) throw new Error('ra.auth.auth_check_error');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearSession();
      profileCache = null;
      throw error;
    }
  },
  async getPermissions() {
    return readSession()?.role ?? null;
  },
  async getIdentity(): Promise<UserIdentity> {
    const session = readSession();
    if (!session) throw new Error('ra.auth.auth_check_error');
    const profile = await loadProfile(session.token);
    const email = profile?.email ?? session.user?.email ?? '';
    return {
      id: session.user?._id ?? email,
      fullName: email,
      email,
      role: profile?.role ?? session.role ?? undefined,
      code: profile?.code ?? undefined,
    };
  },
  async canAccess({ resource }) {
    return canAccess(readSession()?.role ?? null, resource);
  },
};
