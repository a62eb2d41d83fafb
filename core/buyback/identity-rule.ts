import { BUYBACK_RULES } from "./rules.ts";

/**
 * Whether the Secondhand Articles Dealer Act requires an identity check before we buy: when the
 * total paid for what the member sells us together (対価の総額) is ¥10,000 or more, and at any
 * price for the goods the exemption does not cover (console game software and the like, marked
 * on the model). The one place this is decided.
 */
export function identityCheckNeeded(o: { total: number; exception: boolean }): boolean {
  return o.exception || o.total >= BUYBACK_RULES.identityExemptBelow;
}

/** Full years between a `YYYY-MM-DD` birth date and a `YYYY-MM-DD` day. */
export function ageOn(birthDate: string, day: string): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!b || !d) return null;
  const years = Number(d[1]) - Number(b[1]);
  const beforeBirthday = `${d[2]}-${d[3]}` < `${b[2]}-${b[3]}`;
  return beforeBirthday ? years - 1 : years;
}
