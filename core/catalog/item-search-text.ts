import { labelOf } from "../shared/codes.ts";
import { type Message, renderMessage } from "../shared/i18n/translate.ts";
import { BRANDS, CATEGORIES, ITEM_CONDITIONS } from "./codes.ts";
import { DEVICE_CATALOGUE } from "./device-catalogue.ts";
import { CARRIERS, COLORS, DEFECTS } from "./device-facts.ts";
import type { TItemFields } from "./item-fields.ts";
import { canonicalSearchText, indexTokensOf, modelsNamedIn } from "./search-text.ts";

/** A listing's search row as the application writes it (the database adds the fact tokens). */
export type ItemSearchRow = { grams: string[]; body: string };

/**
 * The catalogue's names for a listing's model, so it is found by any of them: the model the seller
 * chose, else the models its title names.
 */
function modelNames(modelName: string | null, title: string): string[] {
  const models = modelName ? [modelName] : modelsNamedIn(title);
  return models.flatMap((name) => [name, ...(DEVICE_CATALOGUE.find((m) => m.name === name)?.aliases ?? [])]);
}

/**
 * What people type for a fact besides its labels, in Japanese and English: the everyday word (スマホ,
 * phone), the carrier in katakana (ドコモ), the colour in kanji (赤), the singular of a plural label
 * (smartphone), junk for a listing that does not work.
 */
const CATEGORY_WORDS: Readonly<Record<string, string>> = {
  "05": "スマホ 携帯 smartphone phone mobile",
  "06": "PC tablet laptop computer",
  "07": "camera",
  "08": "console",
  "11": "part",
};
const CARRIER_WORDS: Readonly<Record<string, string>> = {
  docomo: "ドコモ",
  softbank: "ソフトバンク",
  ymobile: "ワイモバイル",
  simfree: "シムフリー unlocked",
};
const COLOR_WORDS: Readonly<Record<string, string>> = {
  black: "黒",
  white: "白",
  silver: "銀",
  gray: "灰色 グレイ grey",
  gold: "金",
  blue: "青",
  red: "赤",
  green: "緑",
  purple: "紫",
  yellow: "黄色",
};
const CONDITION_WORDS: Readonly<Record<string, string>> = {
  DEFECTIVE: "ジャンク junk broken faulty",
  UNUSABLE: "ジャンク junk broken",
};
const DEFECT_WORDS: Readonly<Record<string, string>> = {
  screen_cracked: "液晶割れ ヒビ broken screen",
  display_faulty: "液晶不良 画面不良",
  touch_faulty: "タッチ不良",
  camera_faulty: "カメラ不良",
  biometrics_faulty: "顔認証 指紋認証",
  charging_port_faulty: "充電不良 充電不可",
  audio_faulty: "スピーカー不良 マイク不良",
  buttons_faulty: "ボタン不良",
  no_power: "起動不可 起動しない 電源入らない won't turn on, dead",
};
/** A smartphone of any other maker than Apple runs Android. */
const ANDROID_WORDS = "android アンドロイド";

/**
 * What a listing can be found by: the tokens of all its words and the names of its facts in both
 * languages (with the words people type for them), the tokens of its title and model name again
 * under `t:` (they rank first), and its whole text for checking longer Japanese terms (decision 024).
 */
export function itemSearchRow(fields: TItemFields, modelName: string | null): ItemSearchRow {
  const both = <T extends readonly { code: string; label: Message }[]>(
    table: T,
    code?: string,
    words: Readonly<Record<string, string>> = {},
  ) => {
    const entry = code ? table.find((e) => e.code === code) : undefined;
    if (!entry) return null;
    return [renderMessage(entry.label, "ja"), renderMessage(entry.label, "en"), words[entry.code]]
      .filter(Boolean)
      .join(" ");
  };
  const brand = fields.brandCode ? BRANDS.find((b) => b.code === fields.brandCode) : undefined;
  const category = CATEGORIES.find((c) => c.code === fields.categoryCode);
  const names = modelNames(modelName, fields.title);
  // Each part on its own line of the text: words of two parts are never read as side by side.
  const title = canonicalSearchText([fields.title, ...names].filter(Boolean).join(" / "));
  const body = canonicalSearchText(
    [
      fields.title,
      fields.description,
      brand ? `${brand.name} ${labelOf(BRANDS, brand.code, "ja")}` : null,
      ...names,
      both(CATEGORIES, fields.categoryCode, CATEGORY_WORDS),
      both(ITEM_CONDITIONS, fields.condition, CONDITION_WORDS),
      both(COLORS, fields.color, COLOR_WORDS),
      both(CARRIERS, fields.carrier, CARRIER_WORDS),
      fields.storageGb ? `${fields.storageGb}gb` : null,
      ...fields.defects.map((d) => both(DEFECTS, d, DEFECT_WORDS)),
      category?.key === "SMARTPHONE" && brand && brand.key !== "APPLE" ? ANDROID_WORDS : null,
    ]
      .filter(Boolean)
      .join(" / "),
  );
  return { grams: [...indexTokensOf(body), ...indexTokensOf(title).map((t) => `t:${t}`)], body };
}
