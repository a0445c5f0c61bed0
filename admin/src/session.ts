// The staff session in browser storage under SPEC §3's keys. A stored user that does not
// parse (hand-edited, or left by an older build) is discarded instead of crashing the app.
import { STORAGE_KEYS } from '@vag/contracts';

export interface StaffUser {
  _id: string;
  email: string;
  role: string;
}

export interface Session {
  token: string;
  user: StaffUser | null;
  role: string | null;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): KeyValueStore {
  return globalThis.localStorage;
}

function isStaffUser(value: unknown): value is StaffUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v._id === 'string' && typeof v.email === 'string' && typeof v.role === 'string';
}

/** Reads the stored user, removing it when it is not a valid JSON user object. */
export function readUser(store: KeyValueStore = defaultStore()): StaffUser | null {
  const raw = store.getItem(STORAGE_KEYS.adminUser);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isStaffUser(parsed)) return parsed;
  } catch {
    // fall through: corrupt JSON is discarded like a wrong shape
  }
  store.removeItem(STORAGE_KEYS.adminUser);
  return null;
}

export function readToken(store: KeyValueStore = defaultStore()): string | null {
  const token = store.getItem(STORAGE_KEYS.adminToken);
  return token ? token : null;
}

export function readSession(store: KeyValueStore = defaultStore()): Session | null {
  const token = readToken(store);
  if (!token) return null;
  const user = readUser(store);
  const role = store.getItem(STORAGE_KEYS.adminRole) ?? user?.role ?? null;
  return { token, user, role };
}

export function saveSession(
  token: string,
  user: StaffUser,
  store: KeyValueStore = defaultStore(),
): void {
  store.setItem(STORAGE_KEYS.adminToken, token);
  store.setItem(STORAGE_KEYS.adminUser, JSON.stringify(user));
  store.setItem(STORAGE_KEYS.adminRole, user.role);
}

export function clearSession(store: KeyValueStore = defaultStore()): void {
  store.removeItem(STORAGE_KEYS.adminToken);
  store.removeItem(STORAGE_KEYS.adminUser);
  store.removeItem(STORAGE_KEYS.adminRole);
}
