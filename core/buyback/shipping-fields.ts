import { z } from "zod";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { text, yamatoShukaDate, yamatoShukaTime } from "../shared/validation/index.ts";
import { BUYBACK_HANDOVER } from "./handover.ts";

// How the devices of an application are sent, and what the member confirms, in a module the
// browser can load: the confirm page checks as people choose, with the rules the core applies.

export const SHIPPING_LABELS: Record<string, Message> = {
  method: msg("buybackMember.fields.shippingMethod"),
  pickupDate: msg("buybackMember.fields.pickupDate"),
  pickupSlot: msg("buybackMember.fields.pickupSlot"),
};

/** What the member confirms before sending: Find My / Google account signed out, data erased, 18 or older. */
export const BUYBACK_CONFIRMATIONS = ["activationLock", "dataErased", "adult"] as const;

export const SHIPPING_ERRORS = {
  pickupRequired: msg("buybackMember.errors.pickupRequired"),
  confirm: {
    activationLock: msg("buybackMember.errors.confirmActivationLock"),
    dataErased: msg("buybackMember.errors.confirmDataErased"),
    adult: msg("buybackMember.errors.confirmAdult"),
  },
};

/** A kit, or a pickup on a day and in a slot the courier still takes (as of `now`). */
export function shippingSchema(now: Date) {
  return z
    .object({
      method: z.enum(BUYBACK_HANDOVER.methods),
      pickupDate: text(yamatoShukaDate({ now })),
      pickupSlot: text(),
    })
    .check(yamatoShukaTime({ date: "pickupDate", slot: "pickupSlot", now }));
}

export const ZConfirmed = z.union([z.literal(true), z.literal("on"), z.literal("true")]);

/**
 * The confirm page's choices as the page checks them: the shipping, a pickup's day and slot when
 * a pickup is chosen, and each confirmation ticked, with the messages the core gives.
 */
export function confirmFormSchema(now: Date) {
  return z.record(z.string(), z.unknown()).superRefine((form, ctx) => {
    const shipping = shippingSchema(now).safeParse(form, { reportInput: true });
    if (!shipping.success) for (const issue of shipping.error.issues) ctx.addIssue({ ...issue } as never);
    if (form.method === "pickup") {
      for (const field of ["pickupDate", "pickupSlot"] as const) {
        if (!form[field] || String(form[field]).trim() === "")
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: field,
            params: { message: SHIPPING_ERRORS.pickupRequired },
          });
      }
    }
    for (const name of BUYBACK_CONFIRMATIONS) {
      if (!ZConfirmed.safeParse(form[name]).success)
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: name,
          params: { message: SHIPPING_ERRORS.confirm[name] },
        });
    }
  });
}
