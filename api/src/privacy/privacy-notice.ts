// The privacy notice in force for this process's settings (core/src/privacy/privacy-notice.ts),
// with the payment methods that work, which only the api knows (keys may come from the
// environment).
import { privacyNoticeFor, type PrivacyNoticeDoc } from '@vag/core/privacy/privacy-notice';
import { announceSettingsChanged, currentSettings } from '@vag/core/settings/live-settings';
import { getSettings, type SettingsDoc } from '@vag/core/db/settings';
import type { AppDeps } from '../context';
import { availableMethods } from '../payments/credentials';

export async function privacyNoticeInForce(
  deps: Pick<AppDeps, 'db' | 'env' | 'settings'>,
  settings?: SettingsDoc,
): Promise<PrivacyNoticeDoc> {
  const s = settings ?? (await currentSettings(deps));
  return privacyNoticeFor(deps.db, s, availableMethods(s, deps.env));
}

/**
 * After WhatsApp's or invoicing's settings are saved: they change who receives a buyer's
 * data, so every process takes fresh settings and the next read publishes the new notice.
 */
export async function reviewPrivacyNotice(
  deps: Pick<AppDeps, 'db' | 'env' | 'bus' | 'log' | 'settings'>,
): Promise<void> {
  await announceSettingsChanged(deps, await getSettings(deps.db, deps.env));
}
