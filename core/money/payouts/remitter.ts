/**
 * The account our bank transfers leave from, as the 全銀 file's header names it: the remitter code
 * the bank assigned (振込依頼人コード) and our name in Zengin kana. Stand-in values for the sandbox
 * bank; a live deployment sets its own from the bank's contract.
 */
import type { ZenginRequester } from "../../banking/zengin-file.ts";

export const REMITTER = {
  code: "0000012345",
  name: "ﾂｸﾞ(ｶ",
  bankCode: "0005",
  bankName: "ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ",
  branchCode: "001",
  branchName: "ﾎﾝﾃﾝ",
  accountType: "1",
  accountNumber: "1234567",
} as const satisfies ZenginRequester;
