// Rules that compare fields, attached to the object schema with `.check(...)`. Each reports on the field
// that carries the rule in the forms, so the message appears next to the control the user must change.
// Field names are type-checked against the object's output.
import { entryOf, isCodeOf } from "../codes.ts";
import { COURIER_INVOICE_KIND, PICKUP_TIME_SLOTS, SHUKA_FLAG } from "../courier.ts";
import { isEmpty, type Rule, report } from "./issues.ts";
import { isCalendarDate, type Now, tokyoNow } from "./tokyo-clock.ts";

type Fields<K extends string> = Readonly<Record<K, unknown>>;

/** `confirmation` must equal `field` (password / password confirmation); reported on `confirmation`. */
export function confirmed<F extends string, C extends string>(
  field: F,
  confirmation: C,
): Rule<Fields<F | C>> {
  return (payload) => {
    if (payload.value[confirmation] !== payload.value[field]) {
      report(payload, "confirmed", { field: confirmation, fields: { other: field } });
    }
  };
}

/**
 * A pickup slot booked for today (Asia/Tokyo, at the injected `now`) must close after the current hour.
 * An unknown slot code is invalid too. An empty or malformed date is left to the date field's own rules.
 */
export function yamatoShukaTime<D extends string, S extends string>(options: {
  date: D;
  slot: S;
  now: Now;
}): Rule<Fields<D | S>> {
  return (payload) => {
    const slot = payload.value[options.slot];
    if (isEmpty(slot)) return;
    if (!isCodeOf(PICKUP_TIME_SLOTS, slot)) {
      report(payload, "default", { field: options.slot });
      return;
    }
    const date = payload.value[options.date];
    if (typeof date !== "string" || !isCalendarDate(date)) return;
    const now = tokyoNow(options.now);
    if (date === now.date && entryOf(PICKUP_TIME_SLOTS, slot).closingHour <= now.hour) {
      report(payload, "default", { field: options.slot });
    }
  };
}

/** Nekoposu cannot be collected by the courier: reject that invoice kind when pickup is chosen. */
export function yamatoInvoiceKb<F extends string, K extends string>(options: {
  shukaFlag: F;
  invoiceKind: K;
}): Rule<Fields<F | K>> {
  return (payload) => {
    if (
      payload.value[options.shukaFlag] === SHUKA_FLAG.PICKUP &&
      payload.value[options.invoiceKind] === COURIER_INVOICE_KIND.NEKOPOSU
    ) {
      report(payload, "yamatoInvoiceKb", { field: options.invoiceKind });
    }
  };
}

/** A bid row is only active when checked, and a checked row needs a price; reported on the checkbox. */
export function bidRow<P extends string, E extends string>(options: {
  price: P;
  enabled: E;
}): Rule<Fields<P | E>> {
  return (payload) => {
    if (payload.value[options.enabled] === true && isEmpty(payload.value[options.price])) {
      report(payload, "bidRow", { field: options.enabled });
    }
  };
}
