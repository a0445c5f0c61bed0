// Secrets in settings are shown to admins masked (the mask plus the last 4 characters),
// to resellers not at all (an empty value: not even a hint of a key they may never use),
// and a masked value sent back in an update means "keep what is stored".
import type { StaffRole } from '@vag/core/db/users';
import { SECRET_MASK, SETTINGS_SECRET_PATHS } from '@vag/contracts';
import type { SettingsDoc } from '@vag/core/db/settings';

export function maskSecret(value: string): string {
  if (!value) return '';
  return value.length > 8 ? SECRET_MASK + value.slice(-4) : SECRET_MASK;
}

export function isMasked(value: string): boolean {
  return value.startsWith(SECRET_MASK);
}

type SecretPath = (typeof SETTINGS_SECRET_PATHS)[number];

function readPath(doc: SettingsDoc, path: SecretPath): string {
  const [head, tail] = path.split('.') as [string, string | undefined];
  const value = tail
    ? (doc as unknown as Record<string, Record<string, unknown>>)[head]?.[tail]
    : (doc as unknown as Record<string, unknown>)[head];
  return typeof value === 'string' ? value : '';
}

function writePath(doc: SettingsDoc, path: SecretPath, value: string): void {
  const [head, tail] = path.split('.') as [string, string | undefined];
  if (tail) (doc as unknown as Record<string, Record<string, unknown>>)[head]![tail] = value;
  else (doc as unknown as Record<string, unknown>)[head] = value;
}

/** A copy with every secret masked for an admin, and blank for a reseller. */
export function maskSettings(doc: SettingsDoc, role: StaffRole): SettingsDoc {
  const copy = structuredClone(doc);
  for (const path of SETTINGS_SECRET_PATHS)
    writePath(copy, path, role === 'admin' ? maskSecret(readPath(doc, path)) : '');
  return copy;
}

/** The update to store: masked secrets are replaced by the stored values. */
export function keepMaskedSecrets(next: SettingsDoc, stored: SettingsDoc): SettingsDoc {
  const copy = structuredClone(next);
  for (const path of SETTINGS_SECRET_PATHS) {
    if (isMasked(readPath(next, path))) writePath(copy, path, readPath(stored, path));
  }
  return copy;
}
