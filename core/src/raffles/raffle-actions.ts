// What an operator does to a raffle's record: create it (or duplicate one as a template),
// edit it, and move it along borrador → en venta → venta cerrada → sorteada → archivada.
// Each step checks where it may start (RAFFLE_ACTION_FROM) and says its refusal in
// Spanish; each leaves an audit entry. Nothing here deletes a sale: only a draft's test
// orders can be cleared, behind the operator's typed confirmation.
import { randomUUID } from 'node:crypto';
import {
  AUDIT_TEXTS,
  PICK_MODE_MAX_NUMBERS,
  PICK_TEXTS,
  RAFFLE_ACTION_FROM,
  RAFFLE_TEXTS,
  RAFFLE_TRUST_TEXTS,
  slugFromName,
  type NumberMode,
  type RaffleAction,
  type RaffleCreate,
  type RaffleFields,
  type RaffleUpdate,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import { appendAudit, type AuditActor } from '../db/audit-log';
import { resetInstantPrizes } from '../db/instant-prizes';
import { deleteAllClaims } from '../db/number-claims';
import { deleteNumberGridDoc } from '../db/number-grids';
import { deleteRaffleHolds } from '../db/number-holds';
import { copyPackages, countPackages } from '../db/packages';
import { deleteRafflePurchases } from '../db/purchases';
import {
  featureRaffle,
  getRaffle,
  insertRaffle,
  NumberModeFixedError,
  numberModeOf,
  NumbersAlreadyGeneratedError,
  setRaffleActive,
  slugTaken,
  stampRaffle,
  updateRaffleRecord,
  type RaffleDoc,
} from '../db/raffle';
import { generateRaffleNumbers, releaseAllRaffleNumbers } from '../db/raffle-numbers';
import { deleteFactsOf } from '../db/report-facts';
import { closeSaleNow, openSale } from '../raffle/sale-lifecycle';
import { raffleStatus } from './raffle-records';
import { missingTrustFile } from './raffle-trust';

/** A refusal the api answers as is: its status, Spanish message and the field it is about. */
export class RaffleRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field?: keyof RaffleCreate | 'confirm' | `trust.${string}`,
  ) {
    super(message);
  }
}

export interface RaffleActionContext {
  db: Db;
  actor: AuditActor;
  now?: Date;
}

async function existing(db: Db, raffleId: string): Promise<RaffleDoc> {
  const raffle = await getRaffle(db, raffleId);
  if (!raffle) throw new RaffleRefusal(404, RAFFLE_TEXTS.notFound);
  return raffle;
}

function allowed(raffle: RaffleDoc, action: RaffleAction): void {
  const status = raffleStatus(raffle);
  if (!RAFFLE_ACTION_FROM[action].includes(status))
    throw new RaffleRefusal(409, RAFFLE_TEXTS.transitionRefused(action, status));
}

/** The slug asked for (or made from the name), refused when another raffle has it. */
async function freeSlug(db: Db, fields: RaffleFields, exceptId?: string): Promise<string> {
  const slug = fields.slug || slugFromName(fields.name) || 'rifa';
  if (await slugTaken(db, slug, exceptId))
    throw new RaffleRefusal(400, RAFFLE_TEXTS.slugTaken(slug), 'slug');
  return slug;
}

function futureEndDate(fields: RaffleFields, now: Date): Date {
  const endDate = new Date(fields.endDate);
  if (endDate.getTime() <= now.getTime())
    throw new RaffleRefusal(400, RAFFLE_TEXTS.endDateInPast, 'endDate');
  return endDate;
}

function recordFields(fields: RaffleFields, slug: string, endDate: Date) {
  return {
    name: fields.name,
    prize: fields.prize,
    imageUrl: fields.imageUrl ?? '',
    pricePerNumber: fields.pricePerNumber,
    description: fields.description ?? '',
    slug,
    endDate,
  };
}

/** A new draft; with a template, its packages are copied (the template is only read). */
export async function createRaffle(
  ctx: RaffleActionContext,
  input: RaffleCreate,
): Promise<RaffleDoc> {
  const now = ctx.now ?? new Date();
  const template = input.templateId ? await getRaffle(ctx.db, input.templateId) : null;
  if (input.templateId && !template)
    throw new RaffleRefusal(400, RAFFLE_TEXTS.templateNotFound, 'templateId');
  const endDate = futureEndDate(input, now);
  const slug = await freeSlug(ctx.db, input);
  const numberMode = input.numberMode ?? 'random';
  checkModeSize(numberMode, input.totalNumbers);
  const raffle = await insertRaffle(ctx.db, {
    _id: randomUUID(),
    ...recordFields(input, slug, endDate),
    totalNumbers: input.totalNumbers,
    numberMode,
    ...(template?.drawRule ? { drawRule: template.drawRule } : {}),
  });
  if (template) await copyPackages(ctx.db, template._id, raffle._id);
  await appendAudit(ctx.db, {
    actor: ctx.actor,
    action: 'raffle.created',
    description: AUDIT_TEXTS.raffleCreated(raffle.name, template?.name ?? null),
    raffleId: raffle._id,
  });
  return raffle;
}

/** The trust page's fields as sent, refused when they name a file the store does not hold. */
async function trustFields(ctx: RaffleActionContext, input: RaffleUpdate) {
  const trust = input.trust;
  if (!trust) return {};
  const missing = await missingTrustFile(ctx.db, trust);
  if (missing) throw new RaffleRefusal(400, missing.message, missing.field as `trust.${string}`);
  return { trust };
}

function trustChanged(raffle: RaffleDoc, trust: RaffleDoc['trust']): boolean {
  return trust !== undefined && JSON.stringify(trust) !== JSON.stringify(raffle.trust ?? {});
}

/**
 * Edits the record. The end date must lie ahead unless it is unchanged (a closed raffle's
 * past date can be re-sent as is); the number count only while nothing is generated.
 * Without `trust` the trust page's fields stay as they are.
 */
export async function editRaffle(
  ctx: RaffleActionContext,
  raffleId: string,
  input: RaffleUpdate,
): Promise<RaffleDoc> {
  const now = ctx.now ?? new Date();
  const raffle = await existing(ctx.db, raffleId);
  const unchangedDate = new Date(input.endDate).getTime() === raffle.endDate.getTime();
  const endDate = unchangedDate ? raffle.endDate : futureEndDate(input, now);
  const slug = await freeSlug(ctx.db, input, raffleId);
  const resized = input.totalNumbers !== raffle.totalNumbers;
  if (resized && raffle.numbersGenerated)
    throw new RaffleRefusal(409, RAFFLE_TEXTS.numbersLocked, 'totalNumbers');
  const mode = modeChange(raffle, input);
  const trust = await trustFields(ctx, input);
  try {
    const saved = await updateRaffleRecord(ctx.db, raffleId, {
      fields: { ...recordFields(input, slug, endDate), ...trust },
      size: resized ? { totalNumbers: input.totalNumbers } : undefined,
      mode,
    });
    await appendAudit(ctx.db, {
      actor: ctx.actor,
      action: 'raffle.updated',
      description: trustChanged(raffle, trust.trust)
        ? `${AUDIT_TEXTS.raffleUpdated(saved.name)} ${RAFFLE_TRUST_TEXTS.auditChanged}`
        : AUDIT_TEXTS.raffleUpdated(saved.name),
      raffleId,
    });
    return saved;
  } catch (error) {
    if (error instanceof NumbersAlreadyGeneratedError)
      throw new RaffleRefusal(409, RAFFLE_TEXTS.numbersLocked, 'totalNumbers');
    if (error instanceof NumberModeFixedError)
      throw new RaffleRefusal(409, PICK_TEXTS.modeFixed, 'numberMode');
    throw error;
  }
}

/** A grid of more than PICK_MODE_MAX_NUMBERS would no longer be a few KB (issue: the grid). */
function checkModeSize(mode: NumberMode, totalNumbers: number): void {
  if (mode === 'pick' && totalNumbers > PICK_MODE_MAX_NUMBERS)
    throw new RaffleRefusal(400, PICK_TEXTS.modeTooLarge(PICK_MODE_MAX_NUMBERS), 'numberMode');
}

/**
 * The mode to write, when the edit changes it (undefined: unchanged). Only a draft's mode
 * changes: buyers of a published raffle bought under its stated mode.
 */
function modeChange(raffle: RaffleDoc, input: RaffleUpdate): NumberMode | undefined {
  const current = numberModeOf(raffle);
  const wanted = input.numberMode ?? current;
  checkModeSize(wanted, input.totalNumbers);
  if (wanted === current) return undefined;
  if (raffle.publishedAt) throw new RaffleRefusal(409, PICK_TEXTS.modeFixed, 'numberMode');
  return wanted;
}

/**
 * 'Publicar': the numbers are made and their commitment published (if a test run has not
 * made them already), and the store starts selling.
 */
export async function publishRaffle(ctx: RaffleActionContext, raffleId: string): Promise<void> {
  const now = ctx.now ?? new Date();
  const raffle = await existing(ctx.db, raffleId);
  allowed(raffle, 'publish');
  if (raffle.endDate.getTime() <= now.getTime())
    throw new RaffleRefusal(409, RAFFLE_TEXTS.endDateInPast, 'endDate');
  if ((await countPackages(ctx.db, raffleId)) === 0)
    throw new RaffleRefusal(409, RAFFLE_TEXTS.noPackages);
  await generateRaffleNumbers(ctx.db, raffleId);
  await setRaffleActive(ctx.db, raffleId, true);
  if (!(await stampRaffle(ctx.db, raffleId, 'publishedAt'))) return;
  await appendAudit(ctx.db, {
    actor: ctx.actor,
    action: 'raffle.published',
    description: AUDIT_TEXTS.rafflePublished(raffle.totalNumbers),
    raffleId,
  });
}

/** 'Cerrar venta': as the Sorteo page's button (sale-lifecycle.ts). */
export async function closeRaffle(ctx: RaffleActionContext, raffleId: string): Promise<void> {
  allowed(await existing(ctx.db, raffleId), 'close');
  const { pendingOrders } = await closeSaleNow(ctx.db, ctx.now, raffleId);
  await appendAudit(ctx.db, {
    actor: ctx.actor,
    action: 'sale.stopped',
    description: AUDIT_TEXTS.saleStopped(pendingOrders),
    raffleId,
  });
}

/** 'Reabrir venta': refused once the sold list is published, past the end date or sold out. */
export async function reopenRaffle(ctx: RaffleActionContext, raffleId: string): Promise<void> {
  allowed(await existing(ctx.db, raffleId), 'reopen');
  await openSale(ctx.db, ctx.now, raffleId);
  await appendAudit(ctx.db, {
    actor: ctx.actor,
    action: 'sale.opened',
    description: AUDIT_TEXTS.saleOpened,
    raffleId,
  });
}

/**
 * 'Archivar': a drawn raffle leaves the storefront's lists; its page, purchases, numbers
 * and public record stay. When it was the home's raffle, the next one on sale takes over.
 */
export async function archiveRaffle(
  ctx: RaffleActionContext,
  raffleId: string,
  nextFeatured: () => Promise<string | null>,
): Promise<void> {
  const raffle = await existing(ctx.db, raffleId);
  allowed(raffle, 'archive');
  if (!(await stampRaffle(ctx.db, raffleId, 'archivedAt'))) return;
  await appendAudit(ctx.db, {
    actor: ctx.actor,
    action: 'raffle.archived',
    description: AUDIT_TEXTS.raffleArchived,
    raffleId,
  });
  if (!raffle.featured) return;
  const next = await nextFeatured();
  if (next) await featureRaffle(ctx.db, next);
}

/** 'Destacar en inicio': this raffle becomes the home page's (and the SPEC §7 calls'). */
export async function featureRaffleAction(
  ctx: RaffleActionContext,
  raffleId: string,
): Promise<void> {
  const raffle = await existing(ctx.db, raffleId);
  allowed(raffle, 'feature');
  await featureRaffle(ctx.db, raffleId);
  await appendAudit(ctx.db, {
    actor: ctx.actor,
    action: 'raffle.featured',
    description: AUDIT_TEXTS.raffleFeatured(raffle.name),
    raffleId,
  });
}

/**
 * 'Borrar pedidos de prueba': only a draft (never published, so nobody bought for real)
 * may lose its orders, and only after the operator typed the word.
 */
export async function clearTestOrders(
  ctx: RaffleActionContext,
  raffleId: string,
  confirm: string,
): Promise<number> {
  if (confirm.trim() !== RAFFLE_TEXTS.clearConfirmWord)
    throw new RaffleRefusal(400, RAFFLE_TEXTS.clearConfirmMismatch, 'confirm');
  const raffle = await existing(ctx.db, raffleId);
  if (raffleStatus(raffle) !== 'draft') throw new RaffleRefusal(409, RAFFLE_TEXTS.notDraft);
  // Purchases first, then the claims, then the counters: a sale racing with the reset
  // can at worst leave counters that the reconciler recomputes from purchases.
  const deleted = await deleteRafflePurchases(ctx.db, raffleId);
  await deleteAllClaims(ctx.db, raffleId);
  await deleteRaffleHolds(ctx.db, raffleId);
  await deleteNumberGridDoc(ctx.db, raffleId);
  await releaseAllRaffleNumbers(ctx.db, raffleId);
  await resetInstantPrizes(ctx.db, raffleId);
  await deleteFactsOf(ctx.db, deleted);
  await appendAudit(ctx.db, {
    actor: ctx.actor,
    action: 'test_orders.cleared',
    description: AUDIT_TEXTS.testOrdersCleared(deleted.length),
    raffleId,
  });
  return deleted.length;
}
