// Staff accounts (`users`): admins and resellers. Resellers are users with role
// 'reseller' and a referral code that purchases carry. E-mails are stored lowercased
// and unique; password hashes never leave this module's callers in a response.
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { newReferralCode } from '../auth/referral-code';
import { hashPassword } from '../auth/password';

export type StaffRole = 'admin' | 'reseller';

export interface UserDoc {
  _id: string;
  fullname: string;
  email: string;
  passwordHash: string;
  role: StaffRole;
  /** Referral code; resellers always have one, admins none. */
  code: string | null;
  active: boolean;
  /** Session version: tokens carry it, and raising it ends every session signed before. */
  tokenVersion?: number;
  /** Sessions ended by a logout before their expiry: token id → when the token expires. */
  revokedSessions?: Record<string, Date>;
  /** Failed sign-ins since the last successful one: shown to the owner at the next sign-in. */
  failedLogins?: { count: number; lastAt: Date };
  createdAt: Date;
  updatedAt?: Date;
}

export class DuplicateEmailError extends Error {}

const users = (db: Db) => db.collection<UserDoc>('users');

export async function ensureUsersIndexes(db: Db): Promise<void> {
  await users(db).createIndex({ email: 1 }, { unique: true });
  // Not unique: admins have no code and FerretDB has neither sparse nor partial
  // indexes. Codes are random over 31^6 values and checked before use.
  await users(db).createIndex({ code: 1 });
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserDoc | null> {
  return users(db).findOne({ email: normaliseEmail(email) });
}

export async function findUserById(db: Db, id: string): Promise<UserDoc | null> {
  return users(db).findOne({ _id: id });
}

/** An active reseller's account by referral code (codes are matched case-insensitively: people retype them). */
export async function findActiveResellerByCode(db: Db, code: string): Promise<UserDoc | null> {
  return users(db).findOne({ code: code.trim().toUpperCase(), role: 'reseller', active: true });
}

async function unusedCode(db: Db): Promise<string> {
  for (;;) {
    const code = newReferralCode();
    if (!(await users(db).findOne({ code }, { projection: { _id: 1 } }))) return code;
  }
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: number }).code === 11000;
}

export async function createUser(
  db: Db,
  input: { fullname: string; email: string; password: string; role: StaffRole },
): Promise<UserDoc> {
  const doc: UserDoc = {
    _id: randomUUID(),
    fullname: input.fullname.trim(),
    email: normaliseEmail(input.email),
    passwordHash: await hashPassword(input.password),
    role: input.role,
    code: input.role === 'reseller' ? await unusedCode(db) : null,
    active: true,
    createdAt: new Date(),
  };
  try {
    await users(db).insertOne(doc);
  } catch (error) {
    if (isDuplicateKey(error)) throw new DuplicateEmailError(doc.email);
    throw error;
  }
  return doc;
}

/** Creates the admin if no account has this e-mail; answers whether it did. */
export async function ensureAdmin(
  db: Db,
  email: string,
  password: string,
  fullname = 'Administrador',
): Promise<boolean> {
  return ensureStaffUser(db, { fullname, email, password, role: 'admin' });
}

/** Creates the account if no account has this e-mail (an existing one is left as it is); answers whether it did. */
export async function ensureStaffUser(
  db: Db,
  input: { fullname: string; email: string; password: string; role: StaffRole },
): Promise<boolean> {
  if (await findUserByEmail(db, input.email)) return false;
  try {
    await createUser(db, input);
    return true;
  } catch (error) {
    // Another replica created it at the same moment.
    if (error instanceof DuplicateEmailError) return false;
    throw error;
  }
}

export async function listUsers(db: Db, role?: StaffRole): Promise<UserDoc[]> {
  return users(db)
    .find(role ? { role } : {})
    .sort({ createdAt: 1 })
    .toArray();
}

export async function updateReseller(
  db: Db,
  id: string,
  changes: { fullname?: string; email?: string; active?: boolean },
): Promise<UserDoc | null> {
  const set: Partial<UserDoc> = { updatedAt: new Date() };
  // Deactivating ends the reseller's sessions for good: reactivating does not revive them.
  const endSessions = changes.active === false ? { $inc: { tokenVersion: 1 } } : {};
  if (changes.fullname !== undefined) set.fullname = changes.fullname.trim();
  if (changes.email !== undefined) set.email = normaliseEmail(changes.email);
  if (changes.active !== undefined) set.active = changes.active;
  if (set.email) {
    const other = await users(db).findOne(
      { email: set.email, _id: { $ne: id } },
      { projection: { _id: 1 } },
    );
    if (other) throw new DuplicateEmailError(set.email);
  }
  try {
    return await users(db).findOneAndUpdate(
      { _id: id, role: 'reseller' },
      { $set: set, ...endSessions },
      { returnDocument: 'after' },
    );
  } catch (error) {
    // FerretDB may report a unique violation on update with another code: the pre-check above covers it.
    if (isDuplicateKey(error)) throw new DuplicateEmailError(set.email ?? '');
    throw error;
  }
}

export async function deleteReseller(db: Db, id: string): Promise<UserDoc | null> {
  return users(db).findOneAndDelete({ _id: id, role: 'reseller' });
}

/** Stores a new password hash and ends every session of the account; answers the updated account. */
export async function changePassword(
  db: Db,
  id: string,
  newPassword: string,
): Promise<UserDoc | null> {
  return users(db).findOneAndUpdate(
    { _id: id },
    {
      $set: { passwordHash: await hashPassword(newPassword), updatedAt: new Date() },
      $inc: { tokenVersion: 1 },
    },
    { returnDocument: 'after' },
  );
}

/** Counts a failed sign-in on the account of `email`, if there is one (the owner is told at the next sign-in). */
export async function noteFailedLogin(db: Db, email: string, at: Date): Promise<void> {
  await users(db).updateOne(
    { email: normaliseEmail(email) },
    { $inc: { 'failedLogins.count': 1 }, $max: { 'failedLogins.lastAt': at } },
  );
}

/** The failed sign-ins since the last successful one, forgotten as they are read (once). */
export async function takeFailedLogins(
  db: Db,
  id: string,
): Promise<UserDoc['failedLogins'] | null> {
  const before = await users(db).findOneAndUpdate(
    { _id: id, failedLogins: { $exists: true } },
    { $unset: { failedLogins: '' } },
    { returnDocument: 'before' },
  );
  return before?.failedLogins ?? null;
}

/**
 * Ends one session (a logout): the account read on every staff call sees the token's id
 * among the revoked ones. Entries of tokens that have expired anyway are dropped here.
 */
export async function revokeSession(
  db: Db,
  id: string,
  session: { tokenId: string; expiresAt: Date },
  now: Date = new Date(),
): Promise<void> {
  const user = await users(db).findOne({ _id: id }, { projection: { revokedSessions: 1 } });
  const expired = Object.entries(user?.revokedSessions ?? {})
    .filter(([, until]) => until <= now)
    .map(([tokenId]) => [`revokedSessions.${tokenId}`, ''] as const);
  await users(db).updateOne(
    { _id: id },
    {
      $set: { [`revokedSessions.${session.tokenId}`]: session.expiresAt },
      ...(expired.length > 0 ? { $unset: Object.fromEntries(expired) } : {}),
    },
  );
}

/** Ends every session of the account (a logout with a token from before token ids). */
export async function endAllSessions(db: Db, id: string): Promise<void> {
  await users(db).updateOne({ _id: id }, { $inc: { tokenVersion: 1 } });
}
