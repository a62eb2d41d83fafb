import { count, eq, inArray } from "drizzle-orm";
import { acceptOffer } from "#core/buyback/accept-buyback-offer.ts";
import { expiresAtOf, tokyoDatePlus } from "#core/buyback/bid-input.ts";
import { declineOffer } from "#core/buyback/decline-buyback-offer.ts";
import { makeOffer } from "#core/buyback/make-offer.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { shipDelivery } from "#core/buyback/ship-delivery.ts";
import { BUYBACK_ITEM_MACHINE } from "#core/buyback/states.ts";
import { hashPassword } from "#core/identity/passwords.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { tokyoNow } from "#core/shared/validation/tokyo-clock.ts";
import { changeState, recordCreation } from "#core/state/change-state.ts";
import type { Db } from "../client.ts";
import {
  addresses,
  BUYBACK_NG_CONDITIONS,
  type BuybackGrade,
  type BuybackNgCondition,
  buybackApplications,
  buybackBids,
  buybackBuyers,
  buybackCompanies,
  buybackDeliveries,
  buybackGradings,
  buybackItems,
  deviceModels,
  identityChecks,
  users,
} from "../schema/index.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts.ts";

/** The demo buyer companies, each with its buyer account (listed in the README). */
const DEMO_COMPANIES = [
  {
    email: "buyer@tsugu.example",
    name: "株式会社リユースモバイル",
    invoiceNumber: "T1234567890123",
    address: "東京都千代田区外神田1-2-3 リユースビル5F",
    phone: "0312345678",
    dealerLicence: "東京都公安委員会 第301010000001号",
  },
  {
    email: "buyer2@tsugu.example",
    name: "合同会社スマホリンク",
    invoiceNumber: "T9876543210987",
    address: "大阪府大阪市浪速区日本橋4-5-6",
    phone: "0661234567",
    dealerLicence: "大阪府公安委員会 第621010000002号",
  },
] as const;

/**
 * The buyer companies and their accounts (the demo accounts of role `business`), set up and ready
 * to log in. Idempotent: a buyer already linked is left as it is.
 */
export async function seedDemoBuyerCompanies(db: Db): Promise<{ companyIds: Record<string, number> }> {
  const emails = DEMO_COMPANIES.map((c) => c.email);
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const companyIds: Record<string, number> = {};
  for (const c of DEMO_COMPANIES) {
    const user = accounts.find((a) => a.email === c.email);
    if (!user || !DEMO_ACCOUNTS.some((a) => a.email === c.email)) continue;
    const [linked] = await db.select().from(buybackBuyers).where(eq(buybackBuyers.userId, user.id));
    if (linked) {
      companyIds[c.email] = linked.companyId;
      continue;
    }
    const { email: _, ...company } = c;
    const [row] = await db.insert(buybackCompanies).values(company).returning({ id: buybackCompanies.id });
    const companyId = row?.id as number;
    await db.insert(buybackBuyers).values({ userId: user.id, companyId, setupAt: new Date() });
    companyIds[c.email] = companyId;
  }
  return { companyIds };
}

const DAY_MS = 24 * 3600 * 1000;
const GRADE_SHARE: Record<BuybackGrade, number> = { S: 1, A: 0.86, B: 0.74, C: 0.6, J: 0.32 };
const NG_SHARE: Record<BuybackNgCondition, number> = {
  none: 1,
  battery: 0.82,
  sensor: 0.62,
  camera: 0.58,
  screen: 0.46,
  network_blocked: 0.5,
  no_power: 0.22,
};

/** Goods of the buyback only: a console, and game software the ¥10,000 exemption does not cover. */
const BUYBACK_ONLY_MODELS = [
  {
    brandCode: "00002",
    categoryCode: "08",
    name: "PlayStation 5",
    releasedYear: 2020,
    storageOptions: [825],
  },
  {
    brandCode: "00002",
    categoryCode: "08",
    name: "PlayStation 5 ソフト（パッケージ版）",
    releasedYear: 2020,
    storageOptions: [],
    dealerActException: "game_software",
  },
];

/** A believable top price (grade S, no defect) for a model, from its age, maker and line. */
function topPrice(model: {
  name: string;
  brandCode: string;
  categoryCode: string;
  releasedYear: number | null;
}) {
  const age = Math.max(0, 2026 - (model.releasedYear ?? 2020));
  let price = 118_000 * 0.8 ** age;
  if (model.brandCode !== "00001") price *= 0.62;
  if (/Pro|Ultra|1 V|Z Flip/.test(model.name)) price *= 1.3;
  if (/mini|SE|Ace|wish|BASIO|sense|arrows|Redmi|Reno|A54|Pixel 6a|Pixel 7a|Pixel 8a/.test(model.name))
    price *= 0.7;
  if (model.categoryCode === "08") price = model.name.includes("ソフト") ? 2_400 : 52_000;
  return Math.max(1_000, Math.round(price / 100) * 100);
}

/** The grades a defect is priced in: unused and junk never go with no defect / a defect the other way. */
function gradesFor(ng: BuybackNgCondition): readonly BuybackGrade[] {
  if (ng === "none") return ["S", "A", "B", "C"];
  if (ng === "battery" || ng === "network_blocked") return ["A", "B", "C", "J"];
  return ["B", "C", "J"];
}

/** Consoles and game software are bought without a defect or dead; a phone in every condition. */
function pricedIn(model: { categoryCode: string }, ng: BuybackNgCondition): boolean {
  return model.categoryCode !== "08" || ng === "none" || ng === "no_power";
}

const round100 = (n: number) => Math.max(100, Math.round(n / 100) * 100);

/**
 * Standing bids of both demo buyers across the demo models and grades: the first company prices
 * everything, the second the models it deals in, sometimes above the first (so offers go to
 * either), some rows with a quantity cap or an expiry still ahead. Prices were set over the
 * weeks before `now`. Idempotent.
 */
async function seedDemoBids(
  db: Db,
  companies: { first: number; second: number },
  today: Date,
): Promise<void> {
  const now = new Date(today.getTime() - 60 * DAY_MS);
  const [existing] = await db.select({ n: count() }).from(buybackBids);
  if ((existing?.n ?? 0) > 0) return;
  const models = await db.select().from(deviceModels);
  const rows: (typeof buybackBids.$inferInsert)[] = [];
  models.forEach((model, m) => {
    const top = topPrice(model);
    for (const ng of BUYBACK_NG_CONDITIONS) {
      if (!pricedIn(model, ng)) continue;
      for (const grade of gradesFor(ng)) {
        const price = round100(top * GRADE_SHARE[grade] * NG_SHARE[ng]);
        const setAt = new Date(now.getTime() - ((m * 7 + price) % 20) * DAY_MS - 3_600_000);
        rows.push({
          companyId: companies.first,
          modelId: model.id,
          grade,
          ngCondition: ng,
          price,
          enabled: true,
          priceSetAt: setAt,
          createdAt: setAt,
          updatedAt: setAt,
        });
        const dealsIn =
          model.brandCode === "00001" || model.brandCode === "00005" || model.categoryCode === "08";
        if (dealsIn) {
          const lean = ((m * 13 + grade.charCodeAt(0) + ng.length) % 9) - 4;
          const theirs = round100(price * (1 + lean / 100));
          rows.push({
            companyId: companies.second,
            modelId: model.id,
            grade,
            ngCondition: ng,
            price: theirs,
            enabled: (m + grade.charCodeAt(0)) % 11 !== 0,
            // Cap and expiry are the row's (model × condition), as the bid list writes them.
            quantityCap: m % 5 === 0 ? 5 : null,
            expiresAt: m % 3 === 0 ? expiresAtOf(tokyoDatePlus(today, 7 + (m % 21))) : null,
            priceSetAt: new Date(setAt.getTime() + 60_000),
            createdAt: setAt,
            updatedAt: new Date(setAt.getTime() + 60_000),
          });
        }
      }
    }
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(buybackBids).values(rows.slice(i, i + 500));
}

/** Members who sold to the buyback in the demo (identity verified), with what the check confirmed. */
const DEMO_SELLERS = [
  {
    email: "kaitori.yamada@tsugu.example",
    nickname: "やまけん",
    facts: {
      name: "山田 健一",
      address: "東京都世田谷区三軒茶屋2-11-5",
      birthDate: "1984-06-12",
      occupation: "会社員",
    },
    address: [
      "ヤマダ",
      "ケンイチ",
      "山田",
      "健一",
      "1540024",
      "13",
      "世田谷区",
      "三軒茶屋2-11-5",
      "09023456781",
    ],
  },
  {
    email: "kaitori.suzuki@tsugu.example",
    nickname: "みさき",
    facts: {
      name: "鈴木 美咲",
      address: "大阪府大阪市北区梅田3-1-1",
      birthDate: "1996-02-03",
      occupation: "看護師",
    },
    address: ["スズキ", "ミサキ", "鈴木", "美咲", "5300001", "27", "大阪市北区", "梅田3-1-1", "08034567812"],
  },
  {
    email: "kaitori.tanaka@tsugu.example",
    nickname: "たなか工房",
    facts: {
      name: "田中 翔",
      address: "福岡県福岡市博多区博多駅前4-2-1",
      birthDate: "1990-09-20",
      occupation: "自営業",
    },
    address: [
      "タナカ",
      "ショウ",
      "田中",
      "翔",
      "8120011",
      "40",
      "福岡市博多区",
      "博多駅前4-2-1",
      "07045678123",
    ],
  },
] as const;

type DemoDevice = {
  seller: number;
  model: string;
  storage: number | null;
  grade: BuybackGrade;
  ngs: BuybackNgCondition[];
  daysAgo: number;
  /** accept, decline, or leave the offer open / the device waiting to be graded. */
  end: "accept" | "decline" | "open" | "grading";
  color: string;
};

/** Completed buybacks for the results pages, a declined one, and devices still in progress. */
const DEMO_DEVICES: DemoDevice[] = [
  {
    seller: 0,
    model: "iPhone 13",
    storage: 128,
    grade: "B",
    ngs: [],
    daysAgo: 52,
    end: "accept",
    color: "ミッドナイト",
  },
  {
    seller: 1,
    model: "iPhone 12",
    storage: 64,
    grade: "J",
    ngs: ["screen"],
    daysAgo: 47,
    end: "accept",
    color: "ブルー",
  },
  {
    seller: 2,
    model: "Pixel 7a",
    storage: 128,
    grade: "A",
    ngs: [],
    daysAgo: 41,
    end: "accept",
    color: "チャコール",
  },
  {
    seller: 0,
    model: "iPhone 14 Pro",
    storage: 256,
    grade: "C",
    ngs: ["battery"],
    daysAgo: 36,
    end: "accept",
    color: "スペースブラック",
  },
  {
    seller: 1,
    model: "Galaxy S23",
    storage: 256,
    grade: "B",
    ngs: [],
    daysAgo: 30,
    end: "accept",
    color: "ファントムブラック",
  },
  {
    seller: 2,
    model: "iPhone SE (第2世代)",
    storage: 64,
    grade: "J",
    ngs: ["no_power"],
    daysAgo: 26,
    end: "accept",
    color: "ホワイト",
  },
  {
    seller: 0,
    model: "Xperia 10 V",
    storage: 128,
    grade: "B",
    ngs: [],
    daysAgo: 21,
    end: "decline",
    color: "ラベンダー",
  },
  {
    seller: 1,
    model: "iPhone 13",
    storage: 256,
    grade: "A",
    ngs: [],
    daysAgo: 15,
    end: "accept",
    color: "スターライト",
  },
  {
    seller: 2,
    model: "AQUOS sense7",
    storage: 128,
    grade: "J",
    ngs: ["screen", "battery"],
    daysAgo: 11,
    end: "accept",
    color: "ブルー",
  },
  {
    seller: 0,
    model: "PlayStation 5",
    storage: 825,
    grade: "B",
    ngs: [],
    daysAgo: 8,
    end: "accept",
    color: "ホワイト",
  },
  {
    seller: 1,
    model: "iPhone 12",
    storage: 128,
    grade: "C",
    ngs: [],
    daysAgo: 5,
    end: "accept",
    color: "ブラック",
  },
  {
    seller: 2,
    model: "Pixel 8",
    storage: 128,
    grade: "J",
    ngs: ["camera"],
    daysAgo: 3,
    end: "accept",
    color: "ヘーゼル",
  },
  {
    seller: 3,
    model: "iPhone 13",
    storage: 128,
    grade: "B",
    ngs: ["battery"],
    daysAgo: 2,
    end: "open",
    color: "ピンク",
  },
  {
    seller: 3,
    model: "Pixel 7",
    storage: 128,
    grade: "B",
    ngs: [],
    daysAgo: 1,
    end: "grading",
    color: "オブシディアン",
  },
  {
    seller: 4,
    model: "iPhone 12",
    storage: 128,
    grade: "B",
    ngs: ["battery"],
    daysAgo: 3,
    end: "open",
    color: "ホワイト",
  },
];

const TACS: Record<string, string> = {
  "iPhone 13": "99000101",
  "iPhone 12": "99000102",
  "iPhone 14 Pro": "99000103",
};

/** A 15-digit IMEI with a valid Luhn check digit, from a TAC and a serial. */
function demoImei(tac: string, serial: number): string {
  const body = `${tac}${String(serial).padStart(6, "0")}`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function demoDiagnostics(d: DemoDevice, n: number, model: { name: string; brandCode: string }, at: Date) {
  const day = tokyoNow(at).date;
  const phone = model.name !== "PlayStation 5";
  const na = (reason: string) => ({ na: reason });
  const v = (value: string) => ({ value });
  const apple = model.brandCode === "00001";
  return {
    imei: phone ? v(demoImei(TACS[model.name] ?? "35693803", 400_000 + n * 7919)) : na("通信機能のない機器"),
    serialNumber: v(`${apple ? "F2L" : "R5C"}${String(920_000 + n * 131).padStart(7, "0")}`),
    modelName: v(model.name),
    modelNumber: v(apple ? `MLN${String.fromCharCode(65 + (n % 20))}3J/A` : `G${100 + n}JP`),
    osVersion: phone ? v(apple ? "iOS 18.1" : "Android 15") : v("25.02"),
    batteryMaxCapacity: !phone
      ? na("バッテリー非搭載")
      : apple
        ? v(d.ngs.includes("battery") ? "76" : String(86 - (n % 7)))
        : na("Android は最大容量を取得できない"),
    batteryCycleCount:
      phone && apple
        ? v(String(310 + n * 23))
        : na(phone ? "Android は充放電回数を取得できない" : "バッテリー非搭載"),
    testResult: v(d.ngs.length ? "fail" : "pass"),
    testDate: v(day),
    dataDeletionDate: d.ngs.includes("no_power")
      ? na("電源が入らないため消去できず、記憶媒体を物理破壊")
      : v(day),
    nonGenuineParts: v("none"),
    power: v(d.ngs.includes("no_power") ? "off" : "on"),
    initialization: v(d.ngs.includes("no_power") ? "not_done" : "done"),
    carrier: phone ? v(["docomo", "au", "softbank", "sim_free"][n % 4] as string) : na("通信機能のない機器"),
    networkRestriction: phone ? v(n % 5 === 0 ? "−" : "○") : na("通信機能のない機器"),
    activationLock: v("off"),
    nsysGrade: n % 3 === 0 ? v(d.grade === "J" ? "D" : `${d.grade}+`) : na("NSYS 検査の対象外"),
    manufacturer: v(
      apple
        ? "Apple"
        : model.brandCode === "00005"
          ? "Google"
          : model.brandCode === "00004"
            ? "Samsung"
            : model.brandCode === "00002"
              ? "Sony"
              : "Sharp",
    ),
    model: v(model.name),
    memory: v(d.storage ? (d.storage >= 1000 ? "1TB" : `${d.storage}GB`) : "—"),
    color: v(d.color),
    note: v(d.ngs.includes("screen") ? "画面右上から斜めにひび割れ。タッチ操作は可能" : ""),
  };
}

/** A core context whose clock stands at `at`: demo history is written as it happened. */
const at = (ctx: CoreContext, when: Date): CoreContext => ({ ...ctx, clock: { now: () => new Date(when) } });

/** Kana family and given names, family and given names, postal code, prefecture, city, street, phone. */
type DemoAddress = readonly [string, string, string, string, string, string, string, string, string];

const FALLBACK_ADDRESS: DemoAddress = [
  "ヤマダ",
  "タロウ",
  "山田",
  "太郎",
  "1000001",
  "13",
  "千代田区",
  "千代田1-1",
  "09012345678",
];

/** はなこ's address, as the demo catalogue gives it. */
const HANAKO_ADDRESS: DemoAddress = [
  "ヤマダ",
  "ハナコ",
  "山田",
  "花子",
  "1000001",
  "13",
  "千代田区",
  "千代田1-1",
  "0312345678",
];

/** A demo seller's address as the address columns hold it. */
function addressFields(a: DemoAddress) {
  const [
    familyNameKana,
    givenNameKana,
    familyName,
    givenName,
    postalCode,
    prefectureCode,
    city,
    street,
    phone,
  ] = a;
  return {
    familyName,
    givenName,
    familyNameKana,
    givenNameKana,
    postalCode,
    prefectureCode,
    city,
    street,
    phone,
  };
}

async function demoSellers(db: Db): Promise<number[]> {
  const ids: number[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const s of DEMO_SELLERS) {
    const [row] = await db
      .insert(users)
      .values({
        email: s.email,
        nickname: s.nickname,
        role: "member",
        passwordHash,
        emailVerifiedAt: new Date(),
        identityVerifiedAt: new Date(),
        sellerSetupAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const [user] = row
      ? [row]
      : await db.select({ id: users.id }).from(users).where(eq(users.email, s.email));
    const id = user?.id as number;
    if (row) {
      await db.insert(addresses).values({ userId: id, ...addressFields(s.address) });
      await db.insert(identityChecks).values({
        userId: id,
        provider: "polarify",
        method: "ekyc-photo-id-selfie",
        status: "verified",
        providerReference: `demo-${s.email}`,
        verifiedFacts: s.facts,
        expiresAt: new Date(),
        completedAt: new Date(),
      });
    }
    ids.push(id);
  }
  const members = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["taro@tsugu.example", "hanako@tsugu.example"]));
  // taro (4th) and はなこ (5th): each has an offer waiting for an answer.
  for (const email of ["taro@tsugu.example", "hanako@tsugu.example"]) {
    const member = members.find((m) => m.email === email);
    if (member) ids.push(member.id);
  }
  return ids;
}

/**
 * Devices sold to the buyback in the demo, each through the real steps (applied, shipped,
 * received, graded, offered, then accepted or declined) at the time it happened: completed
 * buybacks for `/buyback/results/`, the buyers' deliveries and products, dealer ledger rows; for
 * taro, an offer waiting for his answer and a device being graded; for はなこ, an offer waiting. Does nothing when any
 * buyback exists.
 */
async function seedDemoDevices(ctx: CoreContext, now: Date): Promise<void> {
  const [existing] = await ctx.db.select({ n: count() }).from(buybackItems);
  if ((existing?.n ?? 0) > 0) return;
  const sellers = await demoSellers(ctx.db);
  const [grader] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "grader@tsugu.example"));
  if (!grader || sellers.length < 4) return;
  const models = await ctx.db.select().from(deviceModels);
  const [operator] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "staff@tsugu.example"));
  let n = 0;
  let shipped = false;
  for (const d of DEMO_DEVICES) {
    n += 1;
    if (!shipped && d.daysAgo < 20 && operator) {
      // The buyers' first deliveries left a while ago; what was bought since waits for the next.
      shipped = true;
      const open = await ctx.db
        .select({ id: buybackDeliveries.id })
        .from(buybackDeliveries)
        .where(eq(buybackDeliveries.state, "10"));
      const when = new Date(now.getTime() - 18 * DAY_MS);
      for (const delivery of open)
        await shipDelivery(at(ctx, when), { deliveryId: delivery.id, operatorId: operator.id });
    }
    const model = models.find((m) => m.name === d.model);
    const userId = sellers[d.seller];
    if (!model || !userId) continue;
    const seller = DEMO_SELLERS[d.seller];
    const address = seller?.address ?? (d.seller === 4 ? HANAKO_ADDRESS : FALLBACK_ADDRESS);
    const applied = new Date(now.getTime() - d.daysAgo * DAY_MS - 9 * 3_600_000);
    const c = at(ctx, applied);
    const [application] = await ctx.db
      .insert(buybackApplications)
      .values({
        userId,
        shippingMethod: n % 3 === 0 ? "pickup" : "kit",
        address: { ...addressFields(address), building: "" },
        requestKey: `demo-${n}`,
        inboundInvoiceNumber: String(381_200_000_000 + n * 7_919),
        createdAt: applied,
        updatedAt: applied,
      })
      .returning({ id: buybackApplications.id });
    const applicationId = application?.id as number;
    const diagnostics = demoDiagnostics(d, n, model, new Date(applied.getTime() + 2 * DAY_MS));
    const [item] = await ctx.db
      .insert(buybackItems)
      .values({
        applicationId,
        userId,
        modelId: model.id,
        storageGb: d.storage,
        imei: "value" in diagnostics.imei ? diagnostics.imei.value : null,
        answers: { power: d.ngs.includes("no_power") ? "no" : "yes", appearance: "used" },
        state: "10",
        createdAt: applied,
        updatedAt: applied,
      })
      .returning({ id: buybackItems.id });
    const itemId = item?.id as number;
    const move = async (when: Date, action: "ship" | "receive", role: "member" | "grader", id: number) =>
      changeState(at(ctx, when), {
        machine: BUYBACK_ITEM_MACHINE,
        table: buybackItems,
        id: itemId,
        action,
        actor: { role, id },
      });
    await recordCreation(c, {
      machine: BUYBACK_ITEM_MACHINE,
      id: itemId,
      state: "10",
      actor: { role: "member", id: userId },
    });
    await move(new Date(applied.getTime() + 0.5 * DAY_MS), "ship", "member", userId);
    const received = new Date(applied.getTime() + 1.5 * DAY_MS);
    await move(received, "receive", "grader", grader.id);
    await ctx.db
      .update(buybackApplications)
      .set({ shippedAt: new Date(applied.getTime() + 0.5 * DAY_MS), receivedAt: received })
      .where(eq(buybackApplications.id, applicationId));
    if (d.end === "grading") continue;
    const graded = new Date(applied.getTime() + 2 * DAY_MS);
    const externalGrade =
      "value" in diagnostics.nsysGrade ? { scale: "NSYS", value: diagnostics.nsysGrade.value } : null;
    await ctx.db
      .update(buybackItems)
      .set({
        grade: d.grade,
        ngConditions: d.ngs,
        diagnostics,
        externalGrade,
        gradedAt: graded,
        gradedBy: grader.id,
      })
      .where(eq(buybackItems.id, itemId));
    await ctx.db.insert(buybackGradings).values({
      itemId,
      grade: d.grade,
      ngConditions: d.ngs,
      externalGrade,
      diagnostics,
      gradedBy: grader.id,
      createdAt: graded,
    });
    const offer = await makeOffer(at(ctx, graded), { itemId, action: "offer", graderId: grader.id });
    if (!offer.offered || d.end === "open") continue;
    const decided = new Date(graded.getTime() + 0.6 * DAY_MS);
    if (d.end === "decline") await declineOffer(at(ctx, decided), { itemId, userId });
    else await acceptOffer(at(ctx, decided), { itemId, userId, adult: true });
  }
}

/** The model the bid-list journey prices by itself (tests/helpers/bid-market.ts): left alone here. */
const JOURNEY_MODEL = "TORQUE G06";
/** Accepted prices per model × grade × NG condition in the market history: with the live bids, at least five points. */
const HISTORY_PER_CELL = 4;

/**
 * The buyback's history before the demo devices: devices of every model bought at each grade of
 * each NG condition the demo bids are placed in (a defect's primary condition) over the last 80
 * days (about 10,000 rows, the same for the same day) by a buyer company that has since left (no account, its
 * deliveries long shipped), so the business buyers' recommended prices have data to stand on
 * from a fresh start. Written as the end of the real flow leaves them (bought, in a shipped
 * delivery), in bulk; no money moves now. Does nothing once the history exists.
 */
async function seedDemoMarketHistory(db: Db, now: Date): Promise<void> {
  const name = "株式会社モバイル循環（取引終了）";
  const [existing] = await db
    .select({ id: buybackCompanies.id })
    .from(buybackCompanies)
    .where(eq(buybackCompanies.name, name));
  if (existing) return;
  const [company] = await db.insert(buybackCompanies).values({ name }).returning({ id: buybackCompanies.id });
  const [seller] = await db
    .insert(users)
    .values({ email: "kaitori.history@tsugu.example", nickname: "買取実績", role: "member" })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!company || !seller) return;
  const models = (await db.select().from(deviceModels)).filter((m) => m.name !== JOURNEY_MODEL);
  // One delivery a fortnight, each shipped two days after its last purchase.
  const deliveries: number[] = [];
  for (let k = 0; k < 6; k++) {
    const shipped = new Date(now.getTime() - (80 - k * 14 - 2) * DAY_MS);
    const [row] = await db
      .insert(buybackDeliveries)
      .values({
        companyId: company.id,
        state: "20",
        scheduledShipDate: tokyoNow(shipped).date,
        shippedAt: shipped,
        invoiceNumber: String(480_100_000_000 + k * 7_919),
        createdAt: new Date(shipped.getTime() - 14 * DAY_MS),
        updatedAt: shipped,
      })
      .returning({ id: buybackDeliveries.id });
    deliveries.push(row!.id);
  }
  const rows: (typeof buybackItems.$inferInsert)[] = [];
  const totals = new Map<number, { count: number; amount: number }>();
  const applications = await db
    .insert(buybackApplications)
    .values(
      models.map((m, i) => ({
        userId: seller.id,
        shippingMethod: "kit" as const,
        address: { ...addressFields(FALLBACK_ADDRESS), building: "" },
        requestKey: `demo-history-${m.id}`,
        createdAt: new Date(now.getTime() - (82 - (i % 10)) * DAY_MS),
        updatedAt: new Date(now.getTime() - (82 - (i % 10)) * DAY_MS),
      })),
    )
    .returning({ id: buybackApplications.id });
  models.forEach((model, m) => {
    const top = topPrice(model);
    BUYBACK_NG_CONDITIONS.forEach((ng, c) => {
      if (!pricedIn(model, ng)) return;
      gradesFor(ng).forEach((grade, g) => {
        for (let k = 0; k < HISTORY_PER_CELL; k++) {
          const seed = m * 31 + c * 11 + g * 7 + k * 13;
          const price = round100(top * GRADE_SHARE[grade] * NG_SHARE[ng] * (0.9 + (seed % 13) / 100));
          const daysAgo = 4 + ((seed * 7) % 76);
          const decided = new Date(now.getTime() - daysAgo * DAY_MS - (seed % 9) * 3_600_000);
          const delivery = deliveries[Math.min(5, Math.floor((80 - daysAgo) / 14))]!;
          const fee = Math.floor((price * BUYBACK_RULES.buyerFeePercent) / 100);
          const sum = totals.get(delivery) ?? { count: 0, amount: 0 };
          totals.set(delivery, { count: sum.count + 1, amount: sum.amount + price + fee });
          rows.push({
            applicationId: applications[m]!.id,
            userId: seller.id,
            modelId: model.id,
            storageGb: model.storageOptions?.[0] ?? null,
            state: "50",
            grade,
            ngConditions: ng === "none" ? [] : [ng],
            diagnostics: {},
            offerCompanyId: company.id,
            offerBid: price,
            offerDeductions: [],
            offerAmount: price,
            buyerFee: fee,
            deliveryId: delivery,
            gradedAt: new Date(decided.getTime() - DAY_MS),
            offeredAt: new Date(decided.getTime() - DAY_MS),
            decidedAt: decided,
            createdAt: new Date(decided.getTime() - 3 * DAY_MS),
            updatedAt: decided,
          });
        }
      });
    });
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(buybackItems).values(rows.slice(i, i + 500));
  for (const [id, t] of totals) {
    await db
      .update(buybackDeliveries)
      .set({ productCount: t.count, paymentAmount: t.amount })
      .where(eq(buybackDeliveries.id, id));
  }
}

/**
 * The whole buyback demo: buyer companies and their accounts, console models, standing bids,
 * the market's history, and devices at every stage. Safe to run again.
 */
export async function seedDemoBuyback(ctx: CoreContext): Promise<void> {
  const { companyIds } = await seedDemoBuyerCompanies(ctx.db);
  const first = companyIds["buyer@tsugu.example"];
  const second = companyIds["buyer2@tsugu.example"];
  await ctx.db.insert(deviceModels).values(BUYBACK_ONLY_MODELS).onConflictDoNothing();
  const now = ctx.clock.now();
  if (first && second) await seedDemoBids(ctx.db, { first, second }, now);
  // The devices first: they are made only while no buyback exists.
  await seedDemoDevices(ctx, now);
  await seedDemoMarketHistory(ctx.db, now);
}
