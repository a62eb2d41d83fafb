import { type Message, msg } from "../shared/i18n/translate.ts";

/** The facts of a listing the rule reads, as the form sends them or as they are saved. */
export type ListingFacts = {
  title?: string | null | undefined;
  description?: string | null | undefined;
  condition?: string | null | undefined;
  defects?: readonly string[] | null | undefined;
  networkRestriction?: string | null | undefined;
  activationLock?: string | null | undefined;
};

type ContradictionCode = "networkRestricted" | "activationLocked";
export type Contradiction = { code: ContradictionCode; message: Message };

/**
 * Words with which a seller says the device is in its best condition with nothing wrong (美品,
 * 不具合なし, 動作良好 …), in Japanese and English.
 */
const NO_DEFECT_WORDS =
  /美品|新品同様|未使用に近い|不具合(?:は|が)?(?:なし|無し|ない|ありません)|動作良好|完動品|問題なく(?:使え|動作)|like new|mint condition|no (?:defects?|issues|problems)|fully working/i;

/**
 * Whether the listing presents the device as having no defects: the best condition there is
 * (中古, used and working) with no defect ticked, or words like 美品・不具合なし where the
 * condition does not say otherwise. A listing marked 故障あり, 使用不可 or 動作未確認 claims nothing.
 */
export function claimsNoDefects(facts: ListingFacts): boolean {
  const condition = facts.condition || undefined;
  if (condition !== undefined && condition !== "USED") return false;
  const words = NO_DEFECT_WORDS.test(`${facts.title ?? ""}\n${facts.description ?? ""}`);
  if (condition === undefined) return words;
  return (facts.defects ?? []).length === 0 || words;
}

/**
 * Facts of a listing that contradict each other: a device presented as having no defects whose
 * network use is restricted (×) or whose activation lock is on. Such a phone may not work for the
 * buyer, so the sell form warns as the seller types and publishing needs the seller's confirmation.
 * The one rule the form, the core and the demo data's checks share.
 */
export function listingContradictions(facts: ListingFacts): Contradiction[] {
  if (!claimsNoDefects(facts)) return [];
  const found: Contradiction[] = [];
  if (facts.networkRestriction === "×") {
    found.push({ code: "networkRestricted", message: msg("listing.contradictions.networkRestricted") });
  }
  if (facts.activationLock === "on") {
    found.push({ code: "activationLocked", message: msg("listing.contradictions.activationLocked") });
  }
  return found;
}

export const CONTRADICTION_MESSAGES = {
  /** On the form: the seller has not confirmed the listing as it is. */
  confirmRequired: msg("listing.contradictions.confirmRequired"),
  /** Publishing a saved listing from its page, where there is nothing to confirm with. */
  editFirst: msg("listing.contradictions.editFirst"),
} satisfies Record<string, Message>;
