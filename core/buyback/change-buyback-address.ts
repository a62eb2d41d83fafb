import { eq } from "drizzle-orm";
import { type BuybackAddress, buybackApplications } from "#db/schema/index.ts";
import { type TAddressInput, ZAddress } from "../account/address-fields.ts";
import { ACCOUNT_FIELD_LABELS } from "../account/fields.ts";
import { getAddress } from "../account/get-address.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { assertBuybackMember, ownBuybackItem } from "./member-item.ts";

/**
 * States in which the address still matters and may change: before the parcel leaves (where the
 * kit goes, where the courier collects) and while an offer waits (where a declined device goes back).
 */
export const ADDRESS_STATES: readonly string[] = ["10", "40"];

/**
 * The member changes the address of a device's application (it serves every device of it): to
 * the one in their address book, or to a new one typed here (checked as the address book checks
 * it, and not saved there). Only while the device waits to be sent or an offer waits.
 */
export async function changeBuybackAddress(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: {
    actor: Pick<SessionUser, "id" | "role">;
    itemId: number;
    source: "book" | "new";
    input?: TAddressInput;
  },
): Promise<BuybackAddress> {
  assertBuybackMember(o.actor);
  return ctx.db.transaction(async (tx) => {
    const item = await ownBuybackItem(tx, { itemId: o.itemId, userId: o.actor.id, lock: true });
    if (!ADDRESS_STATES.includes(item.state)) {
      throw new AppError("CONFLICT", { message: msg("buybackMember.errors.addressLocked") });
    }
    let address: BuybackAddress;
    if (o.source === "book") {
      const saved = await getAddress({ db: tx }, o.actor.id);
      if (!saved)
        throw new AppError("VALIDATION", { fields: { address: msg("buybackMember.errors.noAddress") } });
      const { updatedAt: _, ...values } = saved;
      address = values;
    } else {
      address = parseInput(ZAddress, o.input ?? {}, ACCOUNT_FIELD_LABELS);
    }
    await tx
      .update(buybackApplications)
      .set({ address, updatedAt: ctx.clock.now() })
      .where(eq(buybackApplications.id, item.applicationId));
    return address;
  });
}
