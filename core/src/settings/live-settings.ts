// The operator settings every process works with, kept by each process (deps.settings). Saving
// them in Ajustes publishes `settings.changed`; every api and worker process listens in
// a consumer group of its own (so each gets every message) and drops its copy, so the
// next read sees the change without a restart.
import { randomUUID } from 'node:crypto';
import {
  SETTINGS_TOPIC,
  settingsChangedEventSchema,
  type SettingsChangedEvent,
} from '@vag/contracts';
import type { CoreDeps, LiveSettings, Stoppable } from '../deps';
import { getSettings, SETTINGS_ID, type SettingsDoc } from '../db/settings';

/** The settings of one process, made once (core/src/services.ts) and kept until a change. */
export function createLiveSettings(deps: Pick<CoreDeps, 'db' | 'env'>): LiveSettings {
  let loaded: Promise<SettingsDoc> | null = null;
  return {
    current() {
      if (!loaded) {
        const reading = getSettings(deps.db, deps.env);
        // A failed read is not kept: the next call tries again.
        reading.catch(() => {
          if (loaded === reading) loaded = null;
        });
        loaded = reading;
      }
      return loaded;
    },
    forget() {
      loaded = null;
    },
    use(saved) {
      loaded = Promise.resolve(saved);
    },
  };
}

/** The settings in force (seeded from the environment on first start). */
export function currentSettings(deps: Pick<CoreDeps, 'settings'>): Promise<SettingsDoc> {
  return deps.settings.current();
}

/** After a save: this process uses the new settings at once, the others when the event arrives. */
export async function announceSettingsChanged(
  deps: Pick<CoreDeps, 'bus' | 'log' | 'settings'>,
  saved: SettingsDoc,
): Promise<void> {
  deps.settings.use(saved);
  const event: SettingsChangedEvent = {
    type: 'settings.changed',
    version: 1,
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
    data: { settingsId: SETTINGS_ID },
  };
  await deps.bus
    .publish([{ topic: SETTINGS_TOPIC, key: SETTINGS_ID, value: event }])
    .catch((err: unknown) =>
      deps.log.error({ err }, 'settings.changed not published; other processes keep old settings'),
    );
}

/** Reloads this process's settings whenever any process saves them. */
export async function startSettingsReload(
  deps: Pick<CoreDeps, 'bus' | 'log' | 'settings'>,
): Promise<Stoppable> {
  const subscription = await deps.bus.subscribe({
    groupId: `settings-reload-${randomUUID()}`,
    topics: [SETTINGS_TOPIC],
    concurrency: 1,
    handler: async (message) => {
      if (!settingsChangedEventSchema.safeParse(message.value).success) {
        deps.log.warn({ topic: message.topic }, 'ignoring a malformed settings.changed');
        return;
      }
      deps.settings.forget();
    },
  });
  return { stop: () => subscription.stop() };
}

/** The environment with the e-mail and SMS transports of the settings in force. */
export async function messagingEnv(
  deps: Pick<CoreDeps, 'env' | 'settings'>,
): Promise<CoreDeps['env']> {
  const { messaging } = await currentSettings(deps);
  return {
    ...deps.env,
    SMTP_URL: messaging.smtpUrl || undefined,
    MAIL_FROM: messaging.mailFrom || deps.env.MAIL_FROM,
    TWILIO_ACCOUNT_SID: messaging.twilioAccountSid || undefined,
    TWILIO_AUTH_TOKEN: messaging.twilioAuthToken || undefined,
    TWILIO_FROM: messaging.twilioFrom || undefined,
  };
}
