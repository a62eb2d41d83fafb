import { randomBytes } from "node:crypto";
import { count, eq, inArray, sql } from "drizzle-orm";
import { COLORS, DEFECTS, type Defect } from "#core/catalog/device-facts.ts";
import type { TItemFields } from "#core/catalog/item-fields.ts";
import { itemColumns } from "#core/catalog/item-row.ts";
import { type ItemSearchRow, itemSearchRow } from "#core/catalog/item-search-text.ts";
import { hashPassword } from "#core/identity/passwords.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { BlobStore } from "#core/storage/blob-store.ts";
import { ITEM_PHOTO_RENDITIONS } from "#core/storage/images.ts";
import type { Db } from "../client.ts";
import {
  addresses,
  bankAccounts,
  comments,
  deviceModels,
  itemPhotos,
  itemSearch,
  items,
  likes,
  users,
} from "../schema/index.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts.ts";
import { drawnPicture } from "./drawn-pictures.ts";

/** A small deterministic generator, so every demo catalogue is the same. */
function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

const SELLER_NICKNAMES = [
  "スマホ修理工房あおば",
  "ジャンク屋さん",
  "中古デバイスの店 Re:Tech",
  "ひかり",
  "Kenta",
  "家電リユース北浜",
  "まめこ",
  "ガジェット好き",
  "パーツ取りの達人",
  "ゆうき",
  "Mobile Reborn",
  "そら",
  "iPhone修理のヤマダ",
  "ことり",
  "Pixel Lab",
  "さくら",
  "中古カメラ館",
  "ゲーム機リペア",
];

const COLOR_HEX: Record<string, string> = {
  black: "#2b2b2e",
  white: "#eeeeee",
  silver: "#c7c9cc",
  gray: "#7d8087",
  gold: "#d9b46c",
  blue: "#3a64b8",
  red: "#c0392b",
  green: "#3f7d58",
  purple: "#7c5fa8",
  pink: "#e6a5b8",
  yellow: "#e8cf4a",
  other: "#8a6d5a",
};

/** A picture of a phone in its colour, cracked or dark when it is, with its model name. */
export function phoneSvg(model: string, color: string, defects: readonly string[], variant: number): string {
  const body = COLOR_HEX[color] ?? "#555";
  const cracked = defects.includes("screen_cracked");
  const dark = defects.includes("no_power") || defects.includes("display_faulty");
  const screen = dark ? "#111" : ["#6fa8dc", "#93c47d", "#f6b26b", "#8e7cc3"][variant % 4];
  const cracks = cracked
    ? `<path d="M470 300 L520 420 L480 520 L560 640 M520 420 L640 380 M480 520 L380 600" stroke="#fff" stroke-width="5" fill="none" opacity="0.9"/>`
    : "";
  const name = model.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <rect width="800" height="800" fill="#f1f3f6"/>
  <rect x="${variant % 2 ? 250 : 260}" y="110" width="300" height="580" rx="44" fill="${body}"/>
  <rect x="${variant % 2 ? 268 : 278}" y="140" width="264" height="520" rx="28" fill="${screen}"/>
  ${cracks}
  <text x="400" y="755" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#333">${name}</text>
</svg>`;
}

function photoFiles(svg: string): Promise<Record<string, Uint8Array>> {
  return drawnPicture(svg, ITEM_PHOTO_RENDITIONS);
}

async function putPhoto(blobs: BlobStore, files: Record<string, Uint8Array>): Promise<string> {
  const key = `items/${randomBytes(12).toString("hex")}`;
  for (const [name, bytes] of Object.entries(files))
    await blobs.put(`${key}-${name}.webp`, bytes, "image/webp");
  return key;
}

const DEFECT_PHRASES: Partial<Record<Defect, string>> = {
  screen_cracked: "画面割れ",
  display_faulty: "液晶不良",
  touch_faulty: "タッチ不良",
  camera_faulty: "カメラ不良",
  biometrics_faulty: "Face ID不可",
  battery_swollen: "バッテリー膨張",
  water_damage: "水没",
  charging_port_faulty: "充電不可",
  audio_faulty: "スピーカー不良",
  buttons_faulty: "ボタン不良",
  no_power: "起動不可",
};

type Model = {
  id: number;
  brandCode: string;
  categoryCode: string;
  name: string;
  releasedYear: number | null;
  storageOptions: number[];
};

/** What lowers a faulty device's price below the condition's own share: it is worth its parts. */
const PARTS_ONLY: readonly Defect[] = ["battery_swollen", "no_power", "water_damage"];

/**
 * The asking price of a listing: the model's price when working (from its age), the condition's
 * share of it, less for a swollen battery, no power or water (parts only), a locked phone as parts,
 * and a worn battery; ±15 % as sellers differ.
 */
function askingPrice(
  rng: Rng,
  model: Model,
  o: { condition: TItemFields["condition"]; defects: readonly Defect[]; locked: boolean; battery?: number },
): number {
  const age = 2026 - (model.releasedYear ?? 2020);
  const working = Math.max(3000, 90000 - age * 11000);
  let share =
    o.condition === "USED"
      ? 1
      : o.condition === "UNCONFIRMED"
        ? 0.45
        : o.condition === "DEFECTIVE"
          ? 0.4
          : 0.16;
  if (o.defects.some((d) => PARTS_ONLY.includes(d))) share = Math.min(share, 0.18);
  if (o.locked) share = Math.min(share, 0.12);
  if (o.condition === "USED" && o.battery !== undefined && o.battery < 80) share *= 0.9;
  return Math.max(300, Math.round((working * share * (0.85 + rng.next() * 0.3)) / 100) * 100);
}

/**
 * One generated listing: fields a real and honest seller of such a device would fill in. A working
 * phone (中古) has nothing wrong with it; a swollen battery, an activation lock that is on or a
 * network restriction (×) make it a faulty or unusable one, said in its title and description, and
 * priced as such (see `askingPrice`). Never 「ノークレーム・ノーリターン」: a buyer may ask, and
 * may return a device that is not as described.
 */
function generateListing(rng: Rng, model: Model): TItemFields & { title: string } {
  let condition = rng.pick(["USED", "USED", "DEFECTIVE", "DEFECTIVE", "UNUSABLE", "UNCONFIRMED"] as const);
  const defects: Defect[] = [];
  if (condition === "DEFECTIVE") {
    const n = rng.int(1, 2);
    while (defects.length < n) {
      const d = rng.pick(DEFECTS).code;
      if (d !== "no_power" && !defects.includes(d)) defects.push(d);
    }
  } else if (condition === "UNUSABLE") {
    defects.push(rng.pick(["no_power", "water_damage", "display_faulty"] as const));
    if (rng.chance(0.4)) defects.push("screen_cracked");
  } else if (condition === "USED" && rng.chance(0.15)) {
    // A swollen battery is a fault (and a hazard), never a used phone in good order.
    condition = "DEFECTIVE";
    defects.push("battery_swollen");
  }
  const storageGb = model.storageOptions.length ? rng.pick(model.storageOptions) : undefined;
  const color = rng.pick(COLORS).code;
  const colorJa = renderMessage(COLORS.find((c) => c.code === color)!.label, "ja");
  const carrier =
    model.categoryCode === "05"
      ? rng.pick(["docomo", "au", "softbank", "rakuten", "simfree", "simfree"] as const)
      : undefined;
  const networkRestriction = carrier ? rng.pick(["○", "○", "○", "△", "×", "−"] as const) : undefined;
  const activationLock =
    model.brandCode === "00001" ? rng.pick(["off", "off", "off", "on", "unknown"] as const) : undefined;
  const locked = activationLock === "on";
  const restricted = networkRestriction === "×";
  // A locked phone is parts only; a restricted one (赤ロム) works, but not as a phone on its carrier.
  if (locked && condition !== "UNUSABLE") condition = "UNUSABLE";
  else if (restricted && (condition === "USED" || condition === "UNCONFIRMED")) condition = "DEFECTIVE";
  const batteryHealth = defects.includes("no_power") ? undefined : rng.int(62, 100);
  const price = askingPrice(rng, model, { condition, defects, locked, battery: batteryHealth });
  const phrases = [
    ...defects.map((d) => DEFECT_PHRASES[d]).filter(Boolean),
    ...(locked ? ["アクティベーションロックあり"] : []),
    ...(restricted ? ["利用制限×"] : []),
  ];
  const tail =
    condition === "UNUSABLE"
      ? "ジャンク"
      : condition === "UNCONFIRMED"
        ? "動作未確認"
        : condition === "DEFECTIVE"
          ? "ジャンク品"
          : (batteryHealth ?? 0) >= 85
            ? "美品"
            : "";
  const storage = storageGb ? (storageGb >= 1024 ? `${storageGb / 1024}TB` : `${storageGb}GB`) : "";
  const title = [model.name, storage, colorJa, ...phrases, tail].filter(Boolean).join(" ").slice(0, 80);
  const description = [
    `${model.name}（${storage || "容量不明"}・${colorJa}）です。`,
    condition === "USED"
      ? "通常使用による小傷はありますが、目立つ傷や割れはありません。動作確認済みです。"
      : condition === "UNCONFIRMED"
        ? "充電器がないため動作確認ができていません。動作しない前提でご検討ください。"
        : `不具合: ${phrases.join("、") || "あり"}。ジャンク品として、部品取りや修理用にいかがでしょうか。`,
    ...(locked
      ? ["アクティベーションロック（「探す」）を解除できていないため、部品取り用としてお考えください。"]
      : []),
    ...(restricted ? ["ネットワーク利用制限が「×」のため、販売元のキャリアのSIMでは通信できません。"] : []),
    defects.includes("no_power")
      ? "電源が入らないため、初期化はできていません。本体のみの発送となります。"
      : "初期化済みです。本体のみの発送となります。",
    condition === "USED"
      ? "気になる点は、ご購入前にコメントでお気軽にお尋ねください。"
      : "記載のほかにも不具合があるかもしれません。気になる点は、ご購入前にコメントでお尋ねください。",
  ].join("\n");
  return {
    title,
    description,
    price,
    categoryCode: model.categoryCode as TItemFields["categoryCode"],
    brandCode: model.brandCode as TItemFields["brandCode"],
    modelId: model.id,
    condition,
    postage: rng.chance(0.85) ? "INCLUDED" : "ARRIVAL",
    shippingMethod: rng.pick(["10", "09", "05", "06", "08", "03"] as const),
    leadTime: rng.pick(["01", "02", "03"] as const),
    storageGb,
    color,
    carrier,
    imei: undefined,
    networkRestriction,
    activationLock,
    batteryHealth,
    defects,
  };
}

/** Things that are not phones: cameras, game consoles, parts and other devices. */
const OTHER_LISTINGS: {
  categoryCode: string;
  title: string;
  price: number;
  condition: "USED" | "DEFECTIVE" | "UNUSABLE" | "UNCONFIRMED";
  defects: Defect[];
}[] = [
  {
    categoryCode: "08",
    title: "Nintendo Switch 本体 ジョイコン欠品 充電できない",
    price: 6500,
    condition: "DEFECTIVE",
    defects: ["charging_port_faulty"],
  },
  {
    categoryCode: "08",
    title: "PlayStation 4 CUH-2200 電源入らない ジャンク",
    price: 3800,
    condition: "UNUSABLE",
    defects: ["no_power"],
  },
  {
    categoryCode: "08",
    title: "ニンテンドー3DS LL 画面割れ 動作確認済み",
    price: 4200,
    condition: "DEFECTIVE",
    defects: ["screen_cracked"],
  },
  {
    categoryCode: "07",
    title: "デジタル一眼レフ ボディ シャッター不良 部品取りに",
    price: 5200,
    condition: "DEFECTIVE",
    defects: ["camera_faulty"],
  },
  {
    categoryCode: "07",
    title: "コンパクトデジカメ レンズエラー ジャンク",
    price: 1200,
    condition: "UNUSABLE",
    defects: ["camera_faulty"],
  },
  {
    categoryCode: "11",
    title: "iPhone 12 純正 液晶パネル 取り外し品",
    price: 4500,
    condition: "USED",
    defects: [],
  },
  {
    categoryCode: "11",
    title: "iPhone 13 バッテリー 取り外し品 最大容量85%",
    price: 1500,
    condition: "USED",
    defects: [],
  },
  {
    categoryCode: "11",
    title: "Pixel 7 背面カメラモジュール 動作品",
    price: 2200,
    condition: "USED",
    defects: [],
  },
  {
    categoryCode: "99",
    title: "スマートウォッチ 画面割れ 充電ケーブル付き",
    price: 1800,
    condition: "DEFECTIVE",
    defects: ["screen_cracked"],
  },
  {
    categoryCode: "99",
    title: "ワイヤレスイヤホン 片耳のみ 音が出ない",
    price: 800,
    condition: "DEFECTIVE",
    defects: ["audio_faulty"],
  },
  {
    categoryCode: "06",
    title: "ノートパソコン キーボード一部反応せず 14インチ",
    price: 9800,
    condition: "DEFECTIVE",
    defects: ["buttons_faulty"],
  },
  {
    categoryCode: "06",
    title: "タブレット 10インチ 水没 電源入らず",
    price: 1500,
    condition: "UNUSABLE",
    defects: ["water_damage", "no_power"],
  },
];

async function demoSellers(db: Db): Promise<number[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      SELLER_NICKNAMES.map((nickname, i) => ({
        email: `seller${String(i + 1).padStart(2, "0")}@tsugu.example`,
        nickname,
        passwordHash,
        emailVerifiedAt: new Date(),
        sellerSetupAt: new Date(),
        introduction:
          i % 3 === 0 ? "ジャンク品・修理用の端末を中心に出品しています。丁寧に梱包して発送します。" : "",
      })),
    )
    .onConflictDoNothing();
  const members = DEMO_ACCOUNTS.filter((a) => a.role === "member").map((a) => a.email);
  const sellers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(users.email, [
        ...members,
        ...SELLER_NICKNAMES.map((_, i) => `seller${String(i + 1).padStart(2, "0")}@tsugu.example`),
      ]),
    );
  // The two demo members are ready to sell: address, bank account, setup done.
  for (const m of sellers.filter((s) => members.includes(s.email))) {
    await db.update(users).set({ sellerSetupAt: new Date() }).where(eq(users.id, m.id));
    await db
      .insert(addresses)
      .values({
        userId: m.id,
        familyName: "山田",
        givenName: m.email.startsWith("hanako") ? "花子" : "太郎",
        familyNameKana: "ヤマダ",
        givenNameKana: m.email.startsWith("hanako") ? "ハナコ" : "タロウ",
        postalCode: "1000001",
        prefectureCode: "13",
        city: "千代田区",
        street: "千代田1-1",
        phone: "0312345678",
      })
      .onConflictDoNothing();
    await db
      .insert(bankAccounts)
      .values({
        userId: m.id,
        bankCode: "0001",
        bankName: "みずほ銀行",
        branchCode: "001",
        branchName: "東京営業部",
        accountType: "1",
        accountNumber: "1234567",
        holderName: m.email.startsWith("hanako") ? "ヤマダ　ハナコ" : "ヤマダ　タロウ",
      })
      .onConflictDoNothing();
  }
  return sellers.map((s) => s.id);
}

/** Models whose demo data includes a sales history of the last 90 days (market prices). */
const MARKET_DEMO_MODELS = ["iPhone 12", "iPhone 13", "iPhone SE (第2世代)", "Pixel 7a", "Galaxy S23"];

/**
 * The demo catalogue: listings across every category, brand, condition and defect, with generated
 * photos, likes and comments. Does nothing when listings exist already.
 */
export async function seedDemoCatalogue(
  ctx: { db: Db; blobs: BlobStore },
  o: { items?: number } = {},
): Promise<number> {
  const [existing] = await ctx.db.select({ n: count() }).from(items);
  if ((existing?.n ?? 0) > 0) return 0;
  const total = o.items ?? 240;
  const rng = prng(20261122);
  const sellerIds = await demoSellers(ctx.db);
  const models = (await ctx.db.select().from(deviceModels)) as Model[];
  const now = Date.now();
  // A pool of pictures, re-used under fresh keys: each listing owns its files.
  const pool: Record<string, Record<string, Uint8Array>[]> = {};
  const poolFor = async (model: string, color: string, defects: readonly string[]) => {
    const id = `${model}|${color}|${defects.includes("screen_cracked")}|${defects.includes("no_power") || defects.includes("display_faulty")}`;
    pool[id] ??= [];
    if (pool[id]!.length < 2)
      pool[id]!.push(await photoFiles(phoneSvg(model, color, defects, pool[id]!.length)));
    return pool[id]!;
  };
  /** One listing with its search row and photos: on sale, or sold at `soldAt`. */
  const insertListing = async (
    fields: TItemFields,
    o: {
      modelName: string | null;
      photoName: string;
      sellerId: number;
      publishedAt: Date;
      soldAt: Date | null;
    },
  ) => {
    const [row] = await ctx.db
      .insert(items)
      .values({
        sellerId: o.sellerId,
        state: o.soldAt ? "SOLD" : "SALE",
        ...itemColumns(fields),
        createdAt: o.publishedAt,
        updatedAt: o.publishedAt,
        publishedAt: o.publishedAt,
        soldAt: o.soldAt,
      })
      .returning({ id: items.id });
    await ctx.db.insert(itemSearch).values({ itemId: row!.id, ...itemSearchRow(fields, o.modelName) });
    const photos = await poolFor(o.photoName, fields.color ?? "other", fields.defects);
    const photoCount = rng.int(1, Math.min(3, photos.length));
    for (let p = 0; p < photoCount; p++) {
      const key = await putPhoto(ctx.blobs, photos[p]!);
      await ctx.db.insert(itemPhotos).values({ itemId: row!.id, position: p, key, width: 800, height: 800 });
    }
    return row!.id;
  };
  const created: number[] = [];
  for (let n = 0; n < total; n++) {
    const other = n % 20 === 19 ? OTHER_LISTINGS[((n / 20) % OTHER_LISTINGS.length) | 0] : undefined;
    const model = rng.pick(models);
    const fields: TItemFields & { title: string } = other
      ? {
          title: other.title,
          description:
            other.condition === "USED"
              ? `${other.title}です。\n取り外した部品で、動作は確認済みです。写真のものがすべてです。`
              : `${other.title}です。\n写真のものがすべてです。記載のほかにも不具合があるかもしれません。ジャンク品としてご検討ください。`,
          price: other.price,
          categoryCode: other.categoryCode as TItemFields["categoryCode"],
          brandCode: undefined,
          modelId: undefined,
          condition: other.condition,
          postage: "INCLUDED",
          shippingMethod: "05",
          leadTime: "02",
          storageGb: undefined,
          color: "other",
          carrier: undefined,
          imei: undefined,
          networkRestriction: undefined,
          activationLock: undefined,
          batteryHealth: undefined,
          defects: other.defects,
        }
      : generateListing(rng, model);
    const publishedAt = new Date(now - rng.int(0, 30 * 24 * 60) * 60_000);
    const sold = rng.chance(0.12);
    const id = await insertListing(fields, {
      modelName: other ? null : model.name,
      photoName: other ? other.title.slice(0, 16) : model.name,
      sellerId: n < 12 ? sellerIds[n % 2]! : rng.pick(sellerIds),
      publishedAt,
      soldAt: sold ? new Date(publishedAt.getTime() + 3_600_000) : null,
    });
    created.push(id);
  }
  // The sales history of the most traded models, so their market prices (相場) have enough sales.
  for (const name of MARKET_DEMO_MODELS) {
    const model = models.find((m) => m.name === name);
    if (!model) continue;
    for (const condition of ["DEFECTIVE", "UNUSABLE", "UNCONFIRMED", "USED"] as const) {
      for (let k = 0; k < 7; k++) {
        // A cracked screen is the most common fault: every other faulty one has it.
        const wanted = (f: TItemFields) =>
          f.condition === condition &&
          (condition !== "DEFECTIVE" || k % 2 === 1 || f.defects.includes("screen_cracked"));
        let fields = generateListing(rng, model);
        while (!wanted(fields)) fields = generateListing(rng, model);
        const soldAt = new Date(now - rng.int(60, 88 * 24 * 60) * 60_000);
        created.push(
          await insertListing(fields, {
            modelName: model.name,
            photoName: model.name,
            sellerId: rng.pick(sellerIds),
            publishedAt: new Date(soldAt.getTime() - rng.int(60, 7 * 24 * 60) * 60_000),
            soldAt,
          }),
        );
      }
    }
  }
  // Likes and a few questions, so lists and pages look lived in.
  for (const itemId of created) {
    const likers = new Set<number>();
    for (let i = rng.int(0, 5); i > 0; i--) likers.add(rng.pick(sellerIds));
    if (likers.size) {
      await ctx.db
        .insert(likes)
        .values([...likers].map((userId) => ({ userId, itemId })))
        .onConflictDoNothing();
      await ctx.db
        .update(items)
        .set({ likeCount: sql`(select count(*) from ${likes} where ${likes.itemId} = ${itemId})` })
        .where(eq(items.id, itemId));
    }
    if (rng.chance(0.2)) {
      await ctx.db.insert(comments).values({
        itemId,
        authorId: rng.pick(sellerIds),
        body: rng.pick([
          "お値下げは可能でしょうか？",
          "バッテリーの最大容量を教えてください。",
          "SIMロックは解除されていますか？",
          "即購入可能ですか？",
        ]),
      });
      await ctx.db.update(items).set({ commentCount: 1 }).where(eq(items.id, itemId));
    }
  }
  return created.length;
}

/** Many members who sell, for benchmarks: one listing in ten per member, as on a real market. */
async function bulkSellers(db: Db, count: number): Promise<number[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: number[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
          email: `member${String(start + i + 1).padStart(5, "0")}@bench.tsugu.example`,
          nickname: `${SELLER_NICKNAMES[(start + i) % SELLER_NICKNAMES.length]}${start + i + 1}`,
          passwordHash,
          emailVerifiedAt: new Date(),
          sellerSetupAt: new Date(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids.length ? ids : demoSellers(db);
}

/**
 * Many listings quickly, for benchmarks: the same generator, inserted in batches, from one member
 * per ten listings, every listing sharing one pre-rendered picture (so the benchmark measures pages
 * and search, not image work).
 */
export async function seedBulkItems(
  ctx: { db: Db; blobs: BlobStore },
  total: number,
  log: (line: string) => void = () => {},
): Promise<number> {
  const rng = prng(424242);
  const sellerIds = await bulkSellers(ctx.db, Math.max(18, Math.ceil(total / 10)));
  const models = (await ctx.db.select().from(deviceModels)) as Model[];
  const shared = await putPhoto(ctx.blobs, await photoFiles(phoneSvg("Tsugu", "blue", [], 0)));
  const now = Date.now();
  let done = 0;
  while (done < total) {
    const search: ItemSearchRow[] = [];
    const batch = Array.from({ length: Math.min(500, total - done) }, () => {
      const model = rng.pick(models);
      const f = generateListing(rng, model);
      search.push(itemSearchRow(f, model.name));
      const publishedAt = new Date(now - rng.int(0, 365 * 24 * 60) * 60_000);
      const sold = rng.chance(0.2);
      return {
        sellerId: rng.pick(sellerIds),
        state: sold ? ("SOLD" as const) : ("SALE" as const),
        ...itemColumns(f),
        likeCount: rng.int(0, 12),
        createdAt: publishedAt,
        updatedAt: publishedAt,
        publishedAt,
        soldAt: sold ? publishedAt : null,
      };
    });
    const rows = await ctx.db.insert(items).values(batch).returning({ id: items.id });
    await ctx.db.insert(itemSearch).values(rows.map((r, i) => ({ itemId: r.id, ...search[i]! })));
    await ctx.db
      .insert(itemPhotos)
      .values(rows.map((r) => ({ itemId: r.id, position: 0, key: shared, width: 800, height: 800 })));
    done += rows.length;
    if (done % 10_000 === 0 || done === total) log(`${done} / ${total} listings`);
  }
  return done;
}
