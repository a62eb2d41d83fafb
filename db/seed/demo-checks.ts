import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import { BRANDS } from "#core/catalog/codes.ts";
import { attachDeviceCheck } from "#core/checks/attach-device-check.ts";
import type { CheckResult } from "#core/checks/report.ts";
import { saveDeviceCheck } from "#core/checks/save-device-check.ts";
import { CHECK_TESTS, type CheckTest } from "#core/checks/tests.ts";
import { codeMap } from "#core/shared/codes.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { deviceChecks, deviceModels, items } from "../schema/index.ts";
import { demoActor } from "./demo-accounts.ts";

/** Listings of each demo seller that carry a self-check report. */
const PER_SELLER = 3;

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
const androidUa = (model: string) =>
  `Mozilla/5.0 (Linux; Android 15; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36`;

/** The test a listed defect makes fail, as the member's own check would have found it. */
const FAILED_BY_DEFECT: Record<string, CheckTest> = {
  touch_faulty: "touch",
  display_faulty: "display",
  camera_faulty: "backCamera",
  audio_faulty: "speaker",
};

/**
 * The check a seller ran on the listed phone: what its defects break fails, the rest works, and
 * what the phone's browser cannot run is recorded as such (vibration and the battery on iOS Safari,
 * the earpiece everywhere).
 */
function checkOf(o: { brandCode: string; model: string; defects: string[]; now: Date }): CheckResult {
  const apple = o.brandCode === codeMap(BRANDS).APPLE;
  const tests = Object.fromEntries(CHECK_TESTS.map((test) => [test, "pass"])) as CheckResult["tests"];
  tests.earpiece = "unsupported";
  if (apple) {
    tests.vibration = "unsupported";
    tests.battery = "unsupported";
  }
  for (const defect of o.defects) {
    const test = FAILED_BY_DEFECT[defect];
    if (test) tests[test] = "fail";
  }
  return {
    tests,
    displayDefects: o.defects.includes("display_faulty") ? ["lines"] : [],
    battery: apple ? null : { level: 0.64, charging: false },
    network: { online: true, type: apple ? null : "wifi" },
    device: {
      platform: apple ? "iPhone" : "Android 15",
      model: apple ? null : o.model,
      mobile: true,
      userAgent: apple ? IPHONE_UA : androidUa(o.model),
      screen: apple
        ? { width: 390, height: 844, pixelRatio: 3 }
        : { width: 412, height: 915, pixelRatio: 2.625 },
    },
    claimed: { brandCode: o.brandCode as CheckResult["claimed"]["brandCode"], model: o.model },
    startedAt: new Date(o.now.getTime() - 6 * 60_000).toISOString(),
    deviceKeys: { started: "demo-device-key", finished: "demo-device-key" },
    otherDeviceConfirmed: false,
  };
}

/**
 * A few of はなこ's and たろう's phones on sale carry the self-check their seller ran, made and put on
 * the listing through the use cases, so the 動作チェック済み badge, the report pages and the search
 * filter have something to show. Does nothing once there is any report.
 */
export async function seedDemoChecks(ctx: CoreContext): Promise<number> {
  const [existing] = await ctx.db.select({ n: count() }).from(deviceChecks);
  if ((existing?.n ?? 0) > 0) return 0;
  let made = 0;
  for (const email of ["hanako@tsugu.example", "taro@tsugu.example"]) {
    const seller = await demoActor(ctx, email);
    if (!seller) continue;
    const listings = await ctx.db
      .select({
        id: items.id,
        brandCode: deviceModels.brandCode,
        model: deviceModels.name,
        defects: items.defects,
      })
      .from(items)
      .innerJoin(deviceModels, eq(deviceModels.id, items.modelId))
      .where(and(eq(items.sellerId, seller.id), eq(items.state, "SALE"), isNotNull(items.modelId)))
      .orderBy(asc(items.id))
      .limit(PER_SELLER);
    for (const listing of listings) {
      const report = await saveDeviceCheck(ctx, {
        actor: seller,
        input: checkOf({ ...listing, now: ctx.clock.now() }),
      });
      await attachDeviceCheck(ctx, { actor: seller, itemId: listing.id, input: { reportId: report.id } });
      made += 1;
    }
  }
  return made;
}
