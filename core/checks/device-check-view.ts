import type { CoreContext } from "../shared/context.ts";
import { type CheckResult, type DeviceCheckRow, type ReportStanding, standingOf } from "./report.ts";
import {
  CHECK_TESTS,
  type CheckOutcome,
  type CheckTest,
  claimMismatch,
  countOutcomes,
  NOT_TESTABLE,
} from "./tests.ts";

/** A report as the doors show it. */
export type DeviceCheckView = {
  id: string;
  memberId: number;
  itemId: number | null;
  checkedAt: Date;
  expiresAt: Date;
  /** Whether the signature holds and the report is in date. */
  standing: ReportStanding;
  /** Each test's outcome, in the order the check runs them. */
  tests: Record<CheckTest, CheckOutcome>;
  counts: Record<CheckOutcome, number>;
  displayDefects: CheckResult["displayDefects"];
  battery: CheckResult["battery"];
  network: CheckResult["network"];
  device: Omit<CheckResult["device"], "userAgent">;
  claimed: CheckResult["claimed"];
  /** What the browser says about the device contradicts the claimed model. */
  mismatch: boolean;
  /** Started on one device and finished on another, as the member confirmed. */
  finishedOnOtherDevice: boolean;
  /** What no browser can test: never claimed by a report. */
  notTested: typeof NOT_TESTABLE;
};

export function viewOf(ctx: Pick<CoreContext, "secret" | "clock">, row: DeviceCheckRow): DeviceCheckView {
  const result = row.result as CheckResult;
  const { userAgent: _, ...device } = result.device;
  return {
    id: row.publicId,
    memberId: row.memberId,
    itemId: row.itemId,
    checkedAt: row.checkedAt,
    expiresAt: row.expiresAt,
    standing: standingOf(ctx, row),
    tests: Object.fromEntries(CHECK_TESTS.map((test) => [test, result.tests[test]])) as Record<
      CheckTest,
      CheckOutcome
    >,
    counts: countOutcomes(result),
    displayDefects: result.displayDefects,
    battery: result.battery,
    network: result.network,
    device,
    claimed: result.claimed,
    mismatch: claimMismatch(result),
    finishedOnOtherDevice: result.deviceKeys.started !== result.deviceKeys.finished,
    notTested: NOT_TESTABLE,
  };
}
