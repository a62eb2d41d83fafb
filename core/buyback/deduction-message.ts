import { BUYBACK_NG_CONDITIONS } from "#db/schema/index.ts";
import { type Message, type MessageKey, msg } from "../shared/i18n/translate.ts";

const isNg = (value: string) => (BUYBACK_NG_CONDITIONS as readonly string[]).includes(value);

/**
 * The words for a deduction code of an offer (`extra_defect:<ng>`, `network_pending`,
 * `non_genuine_parts`): a further defect names the defect. An unknown code is shown as it is.
 */
export function deductionMessage(code: string): Message {
  const [kind, defect] = code.split(":");
  if (kind === "extra_defect" && defect && isNg(defect)) {
    return msg("buyback.deductions.extra_defect", {
      defect: msg(`buyback.ngConditions.${defect}` as MessageKey),
    });
  }
  if (kind === "network_pending" || kind === "non_genuine_parts")
    return msg(`buyback.deductions.${kind}` as MessageKey);
  return msg("buybackPublic.deductionCode", { code });
}
