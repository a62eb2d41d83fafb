import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { type BuybackAddress, buybackApplications, buybackItems, deviceModels } from "#db/schema/index.ts";
import { getAddress } from "../account/get-address.ts";
import { attachDeviceCheckToBuyback } from "../checks/attach-device-check.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import {
  COURIER_INVOICE_KIND,
  COURIER_SHIPPING_TYPE,
  type ParcelSize,
  type PickupTimeSlot,
} from "../shared/courier.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { recordCreation } from "../state/change-state.ts";
import type { TBuybackDevice } from "./device-fields.ts";
import { type EstimatedDevice, estimateDevices } from "./estimate.ts";
import type { BuybackShippingMethod } from "./handover.ts";
import { assertBuybackMember } from "./member-item.ts";
import {
  BUYBACK_CONFIRMATIONS,
  SHIPPING_ERRORS,
  SHIPPING_LABELS,
  shippingSchema,
  ZConfirmed,
} from "./shipping-fields.ts";
import { BUYBACK_ITEM_MACHINE } from "./states.ts";

export type TBuybackShipping = { method?: unknown; pickupDate?: unknown; pickupSlot?: unknown };
/** What the member confirms before sending: Find My / Google account signed out, data erased, 18 or older. */
export type TBuybackConfirmations = { activationLock?: unknown; dataErased?: unknown; adult?: unknown };

const ERR = {
  noAddress: msg("buybackMember.errors.noAddress"),
  requestKey: msg("buybackMember.errors.requestKey"),
  ...SHIPPING_ERRORS,
};

const REQUEST_KEY = /^[A-Za-z0-9_.:-]{8,64}$/;

/** How big a box the kit is: phones fit three to a 60 box; anything else, or more, takes a bigger one. */
function kitSize(categoryCodes: readonly string[]): ParcelSize {
  const phones = categoryCodes.every((c) => c === "05");
  if (phones && categoryCodes.length <= 3) return 60;
  if (categoryCodes.length <= 3) return 80;
  return categoryCodes.length <= 6 ? 100 : 120;
}

export type BuybackApplied = {
  applicationId: number;
  itemIds: number[];
  /** False when the request key had already made this application (a double submit). */
  created: boolean;
};

type CheckedApplication = {
  devices: EstimatedDevice[];
  shipping: { method: BuybackShippingMethod; pickupDate: string | null; pickupSlot: PickupTimeSlot | null };
  address: BuybackAddress;
};

/**
 * Checks an application without making it: one to ten devices (each against the catalogue), no
 * IMEI twice, the shipping (a kit, or a pickup date and slot the courier still takes), the three
 * confirmations and an address in the member's address book. Every message at once.
 */
async function checkApplication(
  ctx: CoreContext,
  o: {
    userId: number;
    devices: readonly TBuybackDevice[];
    shipping: TBuybackShipping;
    confirmations: TBuybackConfirmations;
  },
): Promise<CheckedApplication> {
  const fields: Record<string, Message> = {};
  const collect = async <T>(run: () => Promise<T> | T): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "VALIDATION") throw error;
      Object.assign(fields, error.fields);
      return null;
    }
  };
  const devices = await collect(() => estimateDevices(ctx, o.devices, { actor: { id: o.userId } }));
  const shipping = await collect(() =>
    parseInput(shippingSchema(ctx.clock.now()), o.shipping, SHIPPING_LABELS),
  );
  if (shipping?.method === "pickup") {
    if (!shipping.pickupDate) fields.pickupDate ??= ERR.pickupRequired;
    if (!shipping.pickupSlot) fields.pickupSlot ??= ERR.pickupRequired;
  }
  for (const name of BUYBACK_CONFIRMATIONS) {
    if (!ZConfirmed.safeParse(o.confirmations[name]).success) fields[name] = ERR.confirm[name];
  }
  const saved = await getAddress(ctx, o.userId);
  if (!saved) fields.address = ERR.noAddress;
  if (Object.keys(fields).length > 0 || !devices || !shipping || !saved) {
    throw new AppError("VALIDATION", { fields });
  }
  const { updatedAt: _, ...address } = saved;
  const pickup = shipping.method === "pickup";
  return {
    devices,
    shipping: {
      method: shipping.method,
      pickupDate: pickup ? shipping.pickupDate : null,
      pickupSlot: pickup ? (shipping.pickupSlot as PickupTimeSlot) : null,
    },
    address,
  };
}

/**
 * The member sends devices in (`/buyback/confirm/`): one application with one device row each in
 * state 10 (waiting for the parcel), their answers and the estimate from live bids as it stood,
 * each device's self-check report put on it (signed again for the device), the address snapshot,
 * and the courier's invoice for the parcel (a kit with a prepaid label, or a booked pickup). A
 * report that cannot go on its device undoes the whole application. The request key makes it
 * idempotent: the same key answers the first application, and finishes its invoice if the courier
 * failed the first time.
 */
export async function applyForBuyback(
  ctx: CoreContext,
  o: {
    actor: Pick<SessionUser, "id" | "role">;
    requestKey: string;
    devices: readonly TBuybackDevice[];
    shipping: TBuybackShipping;
    confirmations: TBuybackConfirmations;
  },
): Promise<BuybackApplied> {
  assertBuybackMember(o.actor);
  if (!REQUEST_KEY.test(o.requestKey)) {
    throw new AppError("VALIDATION", { fields: { requestKey: ERR.requestKey } });
  }
  const earlier = await applicationOf(ctx, o.actor.id, o.requestKey);
  if (earlier) return { ...(await withInvoice(ctx, earlier.applicationId)), created: false };
  const checked = await checkApplication(ctx, { ...o, userId: o.actor.id });
  const now = ctx.clock.now();
  const made = await ctx.db.transaction(async (tx) => {
    const [application] = await tx
      .insert(buybackApplications)
      .values({
        userId: o.actor.id,
        shippingMethod: checked.shipping.method,
        pickupDate: checked.shipping.pickupDate,
        pickupSlot: checked.shipping.pickupSlot,
        address: checked.address,
        requestKey: o.requestKey,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: buybackApplications.id });
    // A second submit raced this one and won: it is the application.
    if (!application) return null;
    const itemIds: number[] = [];
    for (const { device, estimate } of checked.devices) {
      const [item] = await tx
        .insert(buybackItems)
        .values({
          applicationId: application.id,
          userId: o.actor.id,
          modelId: device.modelId,
          storageGb: device.storageGb,
          imei: device.imei,
          answers: device.answers,
          estimate: { ...estimate, estimatedAt: now.toISOString() },
          state: "10",
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: buybackItems.id });
      const id = item!.id;
      if (device.check) {
        await attachDeviceCheckToBuyback(ctx, tx as unknown as Db, {
          actor: o.actor,
          buybackItemId: id,
          input: { reportId: device.check.reportId },
        });
      }
      await recordCreation(
        { db: tx, clock: ctx.clock },
        { machine: BUYBACK_ITEM_MACHINE, id, state: "10", actor: { role: "member", id: o.actor.id } },
      );
      itemIds.push(id);
    }
    return application.id;
  });
  const applicationId = made ?? (await applicationOf(ctx, o.actor.id, o.requestKey))?.applicationId;
  if (!applicationId) throw new AppError("CONFLICT");
  return { ...(await withInvoice(ctx, applicationId)), created: made !== null };
}

async function applicationOf(ctx: CoreContext, userId: number, requestKey: string) {
  const [row] = await ctx.db
    .select({ applicationId: buybackApplications.id })
    .from(buybackApplications)
    .where(and(eq(buybackApplications.userId, userId), eq(buybackApplications.requestKey, requestKey)));
  return row ?? null;
}

/**
 * The courier's invoice for the parcel to us (reference `buyback-kit-{applicationId}`, so asking
 * again answers the same invoice): a prepaid label for the kit, or the booked pickup.
 */
async function withInvoice(
  ctx: CoreContext,
  applicationId: number,
): Promise<Omit<BuybackApplied, "created">> {
  const [application] = await ctx.db
    .select()
    .from(buybackApplications)
    .where(eq(buybackApplications.id, applicationId));
  const items = await ctx.db
    .select({ id: buybackItems.id, categoryCode: deviceModels.categoryCode })
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .where(eq(buybackItems.applicationId, applicationId))
    .orderBy(asc(buybackItems.id));
  const itemIds = items.map((i) => i.id);
  if (!application) throw new AppError("NOT_FOUND");
  if (!application.inboundInvoiceNumber) {
    const pickup =
      application.shippingMethod === "pickup" && application.pickupDate && application.pickupSlot
        ? { date: application.pickupDate, slot: application.pickupSlot as PickupTimeSlot }
        : null;
    const invoice = await ctx.courier.issueInvoice({
      reference: `buyback-kit-${application.id}`,
      invoiceKind: COURIER_INVOICE_KIND.PARCEL,
      parcelSize: kitSize(items.map((i) => i.categoryCode)),
      shippingType: pickup ? COURIER_SHIPPING_TYPE.PICKUP : COURIER_SHIPPING_TYPE.OFFICE,
      pickup,
      packaging: "01",
      handlingNotes: ["01", "02"],
    });
    await ctx.db
      .update(buybackApplications)
      .set({
        inboundInvoiceNumber: invoice.invoiceNumber,
        inboundTrackingUrl: invoice.trackingUrl,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(buybackApplications.id, application.id));
  }
  return { applicationId: application.id, itemIds };
}
