import { inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { buybackSpots } from "../schema/index.ts";

type SpotSeed = typeof buybackSpots.$inferInsert;

/** Counters where members hand in a device they applied to sell, from Sapporo to Fukuoka. */
const DEMO_SPOTS: SpotSeed[] = [
  {
    name: "Tsugu 買取カウンター 札幌",
    postalCode: "0600063",
    prefectureCode: "01",
    address: "札幌市中央区南三条西4-12-1 アルファ札幌ビル3F",
    hours: "11:00〜19:00",
    closedDays: "火曜日・年末年始",
    phone: "011-232-0456",
    note: "地下鉄南北線「すすきの」駅から徒歩3分です。",
    position: 1,
  },
  {
    name: "スマホ修理 杜のまち 仙台一番町店（Tsugu 買取受付）",
    postalCode: "9800811",
    prefectureCode: "04",
    address: "仙台市青葉区一番町3-8-1 一番町スクエア2F",
    hours: "10:00〜20:00",
    closedDays: "年中無休（年末年始を除く）",
    phone: "022-261-0789",
    note: "修理店の受付でお預かりし、査定はTsuguの査定センターで行います。",
    position: 1,
  },
  {
    name: "Tsugu 買取カウンター 秋葉原",
    postalCode: "1010021",
    prefectureCode: "13",
    address: "千代田区外神田3-15-8 ツグ秋葉原ビル2F",
    hours: "10:00〜19:00",
    closedDays: "水曜日・年末年始",
    phone: "03-6455-0124",
    note: "JR「秋葉原」駅電気街口から徒歩5分です。駐車場はありません。",
    position: 1,
  },
  {
    name: "Tsugu 買取カウンター 新宿",
    postalCode: "1600022",
    prefectureCode: "13",
    address: "新宿区新宿3-22-7 新宿サウスビル4F",
    hours: "11:00〜20:00\n土日祝 10:00〜19:00",
    closedDays: "年末年始",
    phone: "03-6457-3310",
    note: "",
    position: 2,
  },
  {
    name: "Tsugu 買取カウンター 名古屋大須",
    postalCode: "4600011",
    prefectureCode: "23",
    address: "名古屋市中区大須3-30-40 大須ストリートビル1F",
    hours: "11:00〜19:00",
    closedDays: "木曜日",
    phone: "052-262-4410",
    note: "地下鉄「上前津」駅8番出口から徒歩2分です。",
    position: 1,
  },
  {
    name: "Tsugu 買取カウンター 大阪日本橋",
    postalCode: "5560005",
    prefectureCode: "27",
    address: "大阪市浪速区日本橋5-9-15 でんでんタウンビル2F",
    hours: "11:00〜19:30",
    closedDays: "水曜日・年末年始",
    phone: "06-6641-2250",
    note: "",
    position: 1,
  },
  {
    name: "Tsugu 買取カウンター 天神",
    postalCode: "8100001",
    prefectureCode: "40",
    address: "福岡市中央区天神2-8-30 天神リユースビル3F",
    hours: "11:00〜19:00",
    closedDays: "火曜日・年末年始",
    phone: "092-716-3380",
    note: "西鉄「福岡（天神）」駅から徒歩4分です。",
    position: 1,
  },
];

/**
 * The demo drop-off spots, one to three a region (`/buyback/spots/`). Idempotent: a spot whose
 * name is already kept is left as operators may have changed it.
 */
export async function seedDemoBuybackSpots(db: Db): Promise<number> {
  const names = DEMO_SPOTS.map((s) => s.name);
  const kept = await db
    .select({ name: buybackSpots.name })
    .from(buybackSpots)
    .where(inArray(buybackSpots.name, names));
  const missing = DEMO_SPOTS.filter((s) => !kept.some((k) => k.name === s.name));
  if (missing.length) await db.insert(buybackSpots).values(missing);
  return missing.length;
}
