// The operator's WhatsApp settings (Ajustes > WhatsApp): the sender and the approved
// template per message, one document in `whatsapp_settings`. Without a sender, or
// without a message's template, that message goes by SMS as before.
import {
  EMPTY_WHATSAPP_SETTINGS,
  whatsappSettingsSchema,
  type WhatsappMessage,
  type WhatsappSettings,
  type WhatsappSettingsInput,
} from '@vag/contracts';
import type { Db } from 'mongodb';

type Doc = WhatsappSettings & { _id: 'current'; updatedAt: Date };
const collection = (db: Db) => db.collection<Doc>('whatsapp_settings');

export async function loadWhatsappSettings(db: Db): Promise<WhatsappSettings> {
  const doc = await collection(db).findOne({ _id: 'current' });
  if (!doc) return EMPTY_WHATSAPP_SETTINGS;
  return {
    from: doc.from,
    templates: { ...EMPTY_WHATSAPP_SETTINGS.templates, ...doc.templates },
  };
}

/** Validates and stores; answers the zod error's first message on bad input. */
export async function saveWhatsappSettings(
  db: Db,
  input: WhatsappSettingsInput,
): Promise<
  { ok: true; settings: WhatsappSettings } | { ok: false; errors: Record<string, string> }
> {
  const parsed = whatsappSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
    return { ok: false, errors };
  }
  await collection(db).updateOne(
    { _id: 'current' },
    { $set: { ...parsed.data, updatedAt: new Date() } },
    { upsert: true },
  );
  return { ok: true, settings: parsed.data };
}

/** The template of a message when WhatsApp is set up for it, else null (SMS). */
export function templateFor(settings: WhatsappSettings, message: WhatsappMessage): string | null {
  return settings.from && settings.templates[message] ? settings.templates[message] : null;
}
