// Reads everything a public page shows, each part on its own: a part that fails (the
// store cannot answer, or a stored document no longer fits its contract) is null, its
// section shows the SPEC error, and the rest of the page still renders.
import {
  CAROUSEL_SLOTS,
  describeDrawRule,
  publicInstantPrizeSchema,
  packageSchema,
  pastRaffleSchema,
  progressSchema,
  publicAuditEntrySchema,
  publicSettingsSchema,
  raffleSchema,
  IMAGE_VARIANT_WIDTHS,
  MEDIA_SLOTS,
  mediaUrl,
  mediaVariantName,
  type MediaSlotName,
  type StorefrontContent,
  type StoredMediaSlots,
  type TrustPageContent,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import type { Env } from '@vag/core';
import { ZodError, z } from 'zod';
import type { Logger } from 'pino';
import { listMediaInfo, type MediaInfo } from '@vag/core/db/media';
import { listPackages } from '@vag/core/db/packages';
import { listPastRaffles } from '@vag/core/db/past-raffles';
import { publicInstantPrizes } from '@vag/core/raffle/prize-disclosure';
import { getRaffle } from '@vag/core/db/raffle';
import { trustPageContent } from '@vag/core/raffles/raffle-trust';
import { getRaffleNumbers } from '@vag/core/db/raffle-numbers';
import { getRaffleFairness } from '@vag/core/db/raffle-fairness';
import { getSettings } from '@vag/core/db/settings';
import { listPublicAudit } from '@vag/core/db/audit-log';
import { heroView } from '../routes/featured-raffle/hero-view';
import { packageView } from '../routes/packages/package-view';
import { pastRaffleView } from '../routes/past-raffles/past-raffles.index';
import { cachedProgress } from '../raffles/progress';
import { publicView } from '../routes/settings/settings.index';

/** The content of one raffle's page; without a raffle (a store with none) its parts are null. */
export async function loadStorefrontContent(
  db: Db,
  env: Env,
  log: Logger,
  raffleId: string | null,
): Promise<StorefrontContent> {
  const publicUrl = env.PUBLIC_URL;
  const part = <S extends z.ZodType>(
    name: string,
    schema: S,
    read: () => Promise<unknown>,
  ): Promise<z.infer<S> | null> =>
    Promise.resolve()
      .then(read)
      .then((value) => fitting(schema, value))
      .catch((err: unknown) => {
        // A document off its contract is named by its fields, not by a stack trace.
        const detail = err instanceof ZodError ? { issues: err.issues.slice(0, 5) } : { err };
        log.error({ ...detail, part: name }, 'storefront content part failed');
        return null;
      });
  // The rule and the audit entries both start from the raffle's fairness fields: one read.
  const fairness = raffleId ? getRaffleFairness(db, raffleId) : Promise.reject(noRaffle());
  fairness.catch(() => undefined); // each part that uses it reports its own failure
  // The hero and the trust page both read the raffle's document: one read.
  const raffleDoc = raffleId ? getRaffle(db, raffleId) : Promise.resolve(null);
  raffleDoc.catch(() => undefined);
  const [
    raffle,
    progress,
    packages,
    instantPrizes,
    pastRaffles,
    settings,
    drawRule,
    audit,
    media,
    trust,
  ] = await Promise.all([
    part('raffle', raffleSchema, async () => {
      const doc = await raffleDoc;
      if (!doc) throw noRaffle();
      return heroView(doc);
    }),
    part('progress', progressSchema, () => cachedProgress(db, ofRaffle(raffleId))),
    part('packages', packageSchema.array(), async () =>
      (await listPackages(db, ofRaffle(raffleId))).map(packageView),
    ),
    part('instant-prizes', publicInstantPrizeSchema.array(), () =>
      publicInstantPrizes(db, ofRaffle(raffleId)),
    ),
    part('past-raffles', pastRaffleSchema.array(), async () =>
      (await listPastRaffles(db)).map(pastRaffleView),
    ),
    part('settings', publicSettingsSchema, async () => publicView(await getSettings(db), env)),
    part('draw-rule', z.string(), async () => {
      const [{ drawRule: rule }, numbers] = await Promise.all([
        fairness,
        getRaffleNumbers(db, ofRaffle(raffleId)),
      ]);
      return describeDrawRule(rule, numbers);
    }),
    // As GET /api/raffle/audit answers: the current raffle's, by its commitment's reference.
    part('audit', publicAuditEntrySchema.array(), async () => {
      const ref = (await fairness).commitment?.raffleRef;
      return ref ? listPublicAudit(db, ref) : [];
    }),
    listMediaInfo(db)
      .then(storedSlots)
      .catch((err: unknown) => {
        log.error({ err, part: 'media' }, 'storefront content part failed');
        return {};
      }),
    // The trust page (/rifas/<slug>/confianza): its fields, files and fairness record.
    part('trust', z.looseObject({ fairness: z.looseObject({}) }), async () => {
      const doc = await raffleDoc;
      if (!doc) throw noRaffle();
      return trustPageContent(db, doc);
    }) as Promise<TrustPageContent | null>,
  ]);
  return {
    raffle,
    progress,
    packages,
    instantPrizes,
    pastRaffles,
    settings,
    drawRule,
    audit,
    media,
    trust,
    publicUrl: publicUrl.replace(/\/+$/, ''),
  };
}

function noRaffle(): Error {
  return new Error('no such raffle');
}

/** The raffle id a part reads; a store without raffles fails each part on its own. */
function ofRaffle(raffleId: string | null): string {
  if (!raffleId) throw noRaffle();
  return raffleId;
}

/**
 * The value itself once it fits its contract: the check guards the pages, and fields
 * the contract does not name yet still reach them.
 */
function fitting<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw result.error;
  return value as z.infer<S>;
}

/** The filled slots with their sizes and WebP copies, from the files' metadata. */
function storedSlots(files: Map<string, MediaInfo>): StoredMediaSlots {
  const slots: StoredMediaSlots = {};
  for (const slot of MEDIA_SLOTS) {
    const file = files.get(slot);
    if (!file) continue;
    // Files stored before sizes were recorded get a 16:9 guess; the frame crops to fit anyway.
    slots[slot] = {
      src: `${mediaUrl(slot)}?v=${file.id}`,
      width: file.width ?? 1280,
      height: file.height ?? 720,
      variants: variantsOf(slot, files),
    };
  }
  return slots;
}

function variantsOf(slot: MediaSlotName, files: Map<string, MediaInfo>) {
  if (!CAROUSEL_SLOTS.includes(slot)) return [];
  return IMAGE_VARIANT_WIDTHS.flatMap((width) => {
    const name = mediaVariantName(slot, width);
    const file = files.get(name);
    return file?.width ? [{ src: `/media/${name}?v=${file.id}`, width: file.width }] : [];
  });
}
