// The device-model catalogue: the models the listing form, the filters, the buyback and search
// know, with the other ways people write their names. The database's `device_models` table is
// seeded from it; search reads the names and spellings from here (decision 024).

export type CatalogueModel = {
  brandCode: string;
  categoryCode: string;
  name: string;
  releasedYear: number;
  /** Storage sizes (GB) the model was sold with, offered as choices when listing. */
  storage: number[];
  /** Other names people use for exactly this model: short forms, the generation written out. */
  aliases?: string[];
};

const APPLE = "00001";
const SONY = "00002";
const SHARP = "00003";
const SAMSUNG = "00004";
const GOOGLE = "00005";
const FUJITSU = "00006";
const KYOCERA = "00007";
const HUAWEI = "00008";
const XIAOMI = "00009";
const LG = "00010";
const OPPO = "00011";
const ASUS = "00012";
const ZTE = "00013";
const HTC = "00014";
const MOTOROLA = "00015";
const VIVO = "00016";
const ONEPLUS = "00017";

const m = (
  brandCode: string,
  categoryCode: string,
  name: string,
  releasedYear: number,
  storage: number[],
  aliases?: string[],
): CatalogueModel => ({
  brandCode,
  categoryCode,
  name,
  releasedYear,
  storage,
  ...(aliases ? { aliases } : {}),
});

/**
 * The common models sold in Japan. New models are added at the end, so the ids of the models
 * already in a database stay as they are.
 */
export const DEVICE_CATALOGUE: readonly CatalogueModel[] = [
  m(APPLE, "05", "iPhone 8", 2017, [64, 128, 256]),
  m(APPLE, "05", "iPhone X", 2017, [64, 256], ["iPhone 10"]),
  m(APPLE, "05", "iPhone XR", 2018, [64, 128, 256], ["iPhone 10R"]),
  m(APPLE, "05", "iPhone XS", 2018, [64, 256, 512], ["iPhone 10S"]),
  m(APPLE, "05", "iPhone 11", 2019, [64, 128, 256]),
  m(APPLE, "05", "iPhone 11 Pro", 2019, [64, 256, 512]),
  m(APPLE, "05", "iPhone SE (第2世代)", 2020, [64, 128, 256], ["iPhone SE2", "iPhone SE 2020"]),
  m(APPLE, "05", "iPhone 12 mini", 2020, [64, 128, 256]),
  m(APPLE, "05", "iPhone 12", 2020, [64, 128, 256]),
  m(APPLE, "05", "iPhone 12 Pro", 2020, [128, 256, 512]),
  m(APPLE, "05", "iPhone 13 mini", 2021, [128, 256, 512]),
  m(APPLE, "05", "iPhone 13", 2021, [128, 256, 512]),
  m(APPLE, "05", "iPhone 13 Pro", 2021, [128, 256, 512, 1024]),
  m(APPLE, "05", "iPhone SE (第3世代)", 2022, [64, 128, 256], ["iPhone SE3", "iPhone SE 2022"]),
  m(APPLE, "05", "iPhone 14", 2022, [128, 256, 512]),
  m(APPLE, "05", "iPhone 14 Pro", 2022, [128, 256, 512, 1024]),
  m(APPLE, "05", "iPhone 15", 2023, [128, 256, 512]),
  m(APPLE, "05", "iPhone 15 Pro", 2023, [128, 256, 512, 1024]),
  m(APPLE, "05", "iPhone 16", 2024, [128, 256, 512]),
  m(APPLE, "05", "iPhone 16 Pro", 2024, [128, 256, 512, 1024]),
  m(APPLE, "06", "iPad (第9世代)", 2021, [64, 256], ["iPad 9"]),
  m(APPLE, "06", "iPad Air (第5世代)", 2022, [64, 256], ["iPad Air 5"]),
  m(APPLE, "06", "MacBook Air M1", 2020, [256, 512, 1024]),
  m(GOOGLE, "05", "Pixel 6a", 2022, [128]),
  m(GOOGLE, "05", "Pixel 7", 2022, [128, 256]),
  m(GOOGLE, "05", "Pixel 7a", 2023, [128]),
  m(GOOGLE, "05", "Pixel 8", 2023, [128, 256]),
  m(GOOGLE, "05", "Pixel 8a", 2024, [128, 256]),
  m(GOOGLE, "05", "Pixel 9", 2024, [128, 256]),
  m(SAMSUNG, "05", "Galaxy S21", 2021, [256]),
  m(SAMSUNG, "05", "Galaxy S22", 2022, [256]),
  m(SAMSUNG, "05", "Galaxy S23", 2023, [256]),
  m(SAMSUNG, "05", "Galaxy S24", 2024, [256, 512]),
  m(SAMSUNG, "05", "Galaxy A54 5G", 2023, [128]),
  m(SAMSUNG, "05", "Galaxy Z Flip5", 2023, [256, 512]),
  m(SONY, "05", "Xperia 1 V", 2023, [256, 512], ["Xperia 1 mark5"]),
  m(SONY, "05", "Xperia 10 V", 2023, [128], ["Xperia 10 mark5"]),
  m(SONY, "05", "Xperia 5 IV", 2022, [128, 256], ["Xperia 5 mark4"]),
  m(SONY, "05", "Xperia Ace III", 2022, [64], ["Xperia Ace 3", "Xperia Ace mark3"]),
  m(SHARP, "05", "AQUOS sense7", 2022, [128]),
  m(SHARP, "05", "AQUOS sense8", 2023, [128]),
  m(SHARP, "05", "AQUOS wish3", 2023, [64]),
  m(SHARP, "05", "AQUOS R8", 2023, [256]),
  m(FUJITSU, "05", "arrows We", 2021, [64]),
  m(FUJITSU, "05", "arrows N", 2023, [128]),
  m(KYOCERA, "05", "BASIO active", 2022, [64]),
  m(KYOCERA, "05", "TORQUE G06", 2023, [128]),
  m(XIAOMI, "05", "Redmi Note 13 Pro 5G", 2024, [256]),
  m(OPPO, "05", "OPPO Reno9 A", 2023, [128]),
  // The best sellers of each brand that were missing.
  m(APPLE, "05", "iPhone 7", 2016, [32, 128, 256]),
  m(APPLE, "05", "iPhone 8 Plus", 2017, [64, 128, 256]),
  m(APPLE, "05", "iPhone XS Max", 2018, [64, 256, 512], ["iPhone 10S Max"]),
  m(APPLE, "05", "iPhone 11 Pro Max", 2019, [64, 256, 512]),
  m(APPLE, "05", "iPhone 12 Pro Max", 2020, [128, 256, 512]),
  m(APPLE, "05", "iPhone 13 Pro Max", 2021, [128, 256, 512, 1024]),
  m(APPLE, "05", "iPhone 14 Plus", 2022, [128, 256, 512]),
  m(APPLE, "05", "iPhone 14 Pro Max", 2022, [128, 256, 512, 1024]),
  m(APPLE, "05", "iPhone 15 Plus", 2023, [128, 256, 512]),
  m(APPLE, "05", "iPhone 15 Pro Max", 2023, [256, 512, 1024]),
  m(APPLE, "05", "iPhone 16 Plus", 2024, [128, 256, 512]),
  m(APPLE, "05", "iPhone 16 Pro Max", 2024, [256, 512, 1024]),
  m(APPLE, "05", "iPhone 16e", 2025, [128, 256, 512]),
  m(APPLE, "06", "iPad (第10世代)", 2022, [64, 256], ["iPad 10"]),
  m(APPLE, "06", "iPad mini (第6世代)", 2021, [64, 256], ["iPad mini 6"]),
  m(GOOGLE, "05", "Pixel 7 Pro", 2022, [128, 256]),
  m(GOOGLE, "05", "Pixel 8 Pro", 2023, [128, 256]),
  m(GOOGLE, "05", "Pixel 9 Pro", 2024, [128, 256, 512]),
  m(GOOGLE, "05", "Pixel 9a", 2025, [128, 256]),
  m(SAMSUNG, "05", "Galaxy S23 Ultra", 2023, [256, 512, 1024]),
  m(SAMSUNG, "05", "Galaxy S24 Ultra", 2024, [256, 512, 1024]),
  m(SAMSUNG, "05", "Galaxy A23 5G", 2022, [64]),
  m(SAMSUNG, "05", "Galaxy Z Fold5", 2023, [256, 512]),
  m(SONY, "05", "Xperia 10 IV", 2022, [128], ["Xperia 10 mark4"]),
  m(SONY, "05", "Xperia 1 VI", 2024, [256, 512], ["Xperia 1 mark6"]),
  m(SONY, "05", "Xperia 5 V", 2023, [128, 256], ["Xperia 5 mark5"]),
  m(SHARP, "05", "AQUOS sense6", 2021, [64, 128]),
  m(SHARP, "05", "AQUOS wish2", 2022, [64]),
  m(FUJITSU, "05", "arrows We2", 2024, [64]),
  m(KYOCERA, "05", "DIGNO BX2", 2021, [64]),
  m(HUAWEI, "05", "HUAWEI P30 lite", 2019, [64, 128]),
  m(HUAWEI, "05", "HUAWEI P20 lite", 2018, [32]),
  m(HUAWEI, "05", "HUAWEI nova lite 3", 2019, [32]),
  m(XIAOMI, "05", "Redmi Note 10 Pro", 2021, [128]),
  m(XIAOMI, "05", "Redmi 12 5G", 2023, [128, 256]),
  m(XIAOMI, "05", "Xiaomi 13T Pro", 2023, [256, 512]),
  m(LG, "05", "LG style3", 2020, [64]),
  m(LG, "05", "LG V60 ThinQ 5G", 2020, [128]),
  m(OPPO, "05", "OPPO Reno7 A", 2022, [128]),
  m(OPPO, "05", "OPPO Reno11 A", 2024, [128]),
  m(OPPO, "05", "OPPO A79 5G", 2024, [128]),
  m(ASUS, "05", "Zenfone 9", 2022, [128, 256]),
  m(ASUS, "05", "ROG Phone 7", 2023, [256, 512]),
  m(ZTE, "05", "Libero 5G IV", 2023, [64]),
  m(HTC, "05", "HTC U12+", 2018, [64, 128], ["HTC U12 Plus"]),
  m(HTC, "05", "HTC Desire 22 pro", 2022, [128]),
  m(MOTOROLA, "05", "moto g53y 5G", 2023, [128]),
  m(MOTOROLA, "05", "moto g64 5G", 2024, [128]),
  m(MOTOROLA, "05", "motorola razr 40", 2023, [256]),
  m(VIVO, "05", "vivo X100 Pro", 2023, [256, 512]),
  m(ONEPLUS, "05", "OnePlus 12", 2024, [256, 512]),
  m(ONEPLUS, "05", "OnePlus 13", 2025, [256, 512]),
];

/**
 * The other spellings of the words in model and brand names, katakana above all, as people type
 * them. Search reads each one as the name itself, in listings and in queries alike: 「アイフォン12」
 * finds "iPhone 12" and the other way round. Only words that are not also common Japanese words.
 */
export const NAME_SPELLINGS: readonly (readonly [name: string, spellings: readonly string[]])[] = [
  ["iphone", ["アイフォン", "アイフォーン", "アイホン"]],
  ["ipad", ["アイパッド"]],
  ["macbook", ["マックブック"]],
  ["galaxy", ["ギャラクシー"]],
  ["xperia", ["エクスペリア"]],
  ["pixel", ["ピクセル"]],
  ["aquos", ["アクオス"]],
  ["arrows", ["アローズ"]],
  ["torque", ["トルク"]],
  ["basio", ["ベイシオ"]],
  ["digno", ["ディグノ"]],
  ["redmi", ["レドミ"]],
  ["xiaomi", ["シャオミ"]],
  ["oppo", ["オッポ"]],
  ["huawei", ["ファーウェイ", "ファーウエイ"]],
  ["zenfone", ["ゼンフォン"]],
  ["motorola", ["モトローラ"]],
  ["oneplus", ["ワンプラス"]],
  ["switch", ["スイッチ"]],
  ["playstation", ["プレイステーション", "プレステ", "ps"]],
  ["apple", ["アップル"]],
  ["google", ["グーグル"]],
  ["samsung", ["サムスン", "サムソン"]],
  ["sony", ["ソニー"]],
  ["sharp", ["シャープ"]],
  ["fujitsu", ["富士通"]],
  ["kyocera", ["京セラ"]],
  ["pro max", ["promax", "プロマックス"]],
  ["nintendo", ["任天堂", "ニンテンドー"]],
  ["gb", ["ギガバイト", "ギガ"]],
  ["tb", ["テラバイト"]],
];
