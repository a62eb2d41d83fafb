import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { itemPhotos, itemSearch, items, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { localizeIssues } from "../shared/validation/index.ts";
import { changeState, recordCreation } from "../state/change-state.ts";
import { type BrandCode, PRICE_RESTRICTION_THRESHOLD } from "./codes.ts";
import { ITEM_LABELS, PRICE_MESSAGES, type TItemInput, ZItemDraft, ZPublishedItem } from "./item-fields.ts";
import { ITEM_PHOTO_MESSAGES, replaceItemPhotos } from "./item-photos.ts";
import { itemColumns } from "./item-row.ts";
import { itemSearchRow } from "./item-search-text.ts";
import { EDITABLE_STATES, ITEM_MACHINE, type ItemState, STATE_MESSAGES } from "./item-states.ts";
import { CONTRADICTION_MESSAGES, listingContradictions } from "./listing-contradictions.ts";
import { assertMaySell } from "./may-sell.ts";
import { getModel, modelByImei } from "./models.ts";
import { queuePriceDrop } from "./price-drop-job.ts";
import { notifySavedSearchesJob } from "./saved-searches.ts";

const MODEL_MISMATCH = msg("listing.modelMismatch");

/** A photo in the form's final order: one the listing has, or a new upload. */
export type PhotoEntry = { photoId: number } | { bytes: Uint8Array };

export type SaveItemOptions = {
  actor: SessionUser;
  /** Absent for a new listing. */
  itemId?: number | undefined;
  input: TItemInput;
  /** The photos in their final order, when the form sends them; absent leaves the photos as they are. */
  photos?: PhotoEntry[] | undefined;
  /** Publish (or keep listed) rather than save as a draft. */
  publish: boolean;
  /**
   * The seller confirmed the listing although its facts contradict each other (no defects, yet
   * network-restricted or activation-locked; see `listingContradictions`). Without it such a
   * listing is saved only as a draft.
   */
  confirmContradictions?: boolean | undefined;
};

/**
 * Creates or edits a listing, as a draft or published. Everything is checked before anything is
 * written, and every problem found is told at once (a missing photo with the fields' problems); the
 * IMEI's TAC fills in the brand and model when they were left empty; a price above the restriction
 * threshold needs a verified identity; facts that contradict each other are listed only when the
 * seller confirms them. Publishing tells members whose saved searches match; a lower price on a
 * listing on sale tells the members who liked it.
 */
export async function saveItem(ctx: CoreContext, o: SaveItemOptions): Promise<{ id: number; state: string }> {
  await assertMaySell(ctx, o.actor, { publishing: o.publish });
  const existing = o.itemId === undefined ? null : await loadOwnItem(ctx, o.actor.id, o.itemId);
  const listed = o.publish || (existing !== null && existing.state !== "DRAFT");
  const problems: Record<string, Message> = {};
  const parsed = (listed ? ZPublishedItem : ZItemDraft).safeParse(o.input, { reportInput: true });
  if (!parsed.success) Object.assign(problems, localizeIssues(parsed.error, ITEM_LABELS));
  if (listed && (await photoCount(ctx, o.photos, existing)) === 0)
    problems.photos = ITEM_PHOTO_MESSAGES.required;
  if (!parsed.success) throw new AppError("VALIDATION", { fields: problems });
  const fields = parsed.data;

  // The IMEI names the model when the seller did not.
  if (fields.imei && (!fields.modelId || !fields.brandCode)) {
    const byTac = await modelByImei(ctx, fields.imei);
    if (byTac && (!fields.brandCode || fields.brandCode === byTac.brandCode)) {
      fields.brandCode = byTac.brandCode as BrandCode;
      fields.modelId ??= byTac.id;
      fields.categoryCode ??= byTac.categoryCode as NonNullable<typeof fields.categoryCode>;
    }
  }
  // Facts that contradict each other (no defects, yet restricted or locked) are listed only when confirmed.
  if (listed && !o.confirmContradictions && listingContradictions(fields).length > 0) {
    problems.confirmContradictions = CONTRADICTION_MESSAGES.confirmRequired;
  }
  const model = fields.modelId ? await getModel(ctx, fields.modelId) : null;
  if ((fields.modelId && !model) || (model && fields.brandCode && fields.brandCode !== model.brandCode)) {
    problems.modelId = MODEL_MISMATCH;
  } else if (model) {
    fields.brandCode = model.brandCode as BrandCode;
  }

  if (fields.price !== undefined && fields.price > PRICE_RESTRICTION_THRESHOLD) {
    const [verified] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, o.actor.id), isNotNull(users.identityVerifiedAt)))
      .limit(1);
    if (!verified) problems.price = PRICE_MESSAGES.identityRequired;
  }
  if (Object.keys(problems).length > 0) throw new AppError("VALIDATION", { fields: problems });

  const now = ctx.clock.now();
  // Any save settles what the seller wants now: a request to publish once set up is cleared.
  const row = { ...itemColumns(fields), updatedAt: now, publishRequestedAt: null };
  const search = itemSearchRow(fields, model?.name ?? null);

  const id = await ctx.db.transaction(async (tx) => {
    let itemId: number;
    if (existing) {
      itemId = existing.id;
      // Only while still editable: a purchase that sold it meanwhile wins, and the edit is refused.
      const edited = await tx
        .update(items)
        .set(row)
        .where(and(eq(items.id, itemId), inArray(items.state, [...EDITABLE_STATES])))
        .returning({ id: items.id });
      if (edited.length === 0) throw new AppError("CONFLICT", { message: STATE_MESSAGES.sold });
      // A listing on sale made cheaper: those who liked it hear of it (through the job queue).
      await queuePriceDrop(
        { db: tx, clock: ctx.clock },
        { itemId, state: existing.state, from: existing.price, to: fields.price },
      );
    } else {
      const [created] = await tx
        .insert(items)
        .values({ ...row, sellerId: o.actor.id, state: "DRAFT", createdAt: now })
        .returning({ id: items.id });
      itemId = created!.id;
      await recordCreation(
        { db: tx, clock: ctx.clock },
        { machine: ITEM_MACHINE, id: itemId, state: "DRAFT", actor: { role: "seller", id: o.actor.id } },
      );
    }
    await tx
      .insert(itemSearch)
      .values({ itemId, ...search })
      .onConflictDoUpdate({ target: itemSearch.itemId, set: search });
    return itemId;
  });

  // A draft may have no photos yet; every other save sends at least one (checked above).
  if (o.photos !== undefined && o.photos.length > 0) {
    try {
      await replaceItemPhotos(ctx, { actor: o.actor, itemId: id, entries: o.photos });
    } catch (error) {
      // A new listing whose photos were refused is not left behind half-made.
      if (!existing) await ctx.db.delete(items).where(eq(items.id, id));
      throw error;
    }
  }

  let state: ItemState = existing?.state ?? "DRAFT";
  // Publishing a listing that is already up (on sale, or held for a negotiation) changes nothing.
  if (o.publish && state !== "SALE" && state !== "ASK") {
    ({ to: state } = await changeState(ctx, {
      machine: ITEM_MACHINE,
      table: items,
      id,
      from: state,
      action: "publish",
      actor: { role: "seller", id: o.actor.id },
      set: { publishedAt: existing?.publishedAt ?? now },
    }));
    await enqueueJob(ctx, notifySavedSearchesJob, { itemId: id }, { uniqueKey: `saved-searches:${id}` });
  }
  return { id, state };
}

/** How many photos the listing will have: the form's list when it sends one, else what it has now. */
async function photoCount(
  ctx: CoreContext,
  photos: PhotoEntry[] | undefined,
  existing: { id: number } | null,
): Promise<number> {
  if (photos !== undefined) return photos.length;
  if (!existing) return 0;
  const [row] = await ctx.db
    .select({ n: count() })
    .from(itemPhotos)
    .where(eq(itemPhotos.itemId, existing.id));
  return row?.n ?? 0;
}

/** The actor's own listing in a state that can still be changed. */
export async function loadOwnItem(ctx: Pick<CoreContext, "db">, actorId: number, itemId: number) {
  const [item] = await ctx.db.select().from(items).where(eq(items.id, itemId)).limit(1);
  if (!item) throw new AppError("NOT_FOUND");
  if (item.sellerId !== actorId) throw new AppError("FORBIDDEN");
  if (!EDITABLE_STATES.includes(item.state)) throw new AppError("CONFLICT", { message: STATE_MESSAGES.sold });
  return item;
}
