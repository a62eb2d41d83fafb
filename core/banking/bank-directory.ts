import { createRequire } from "node:module";
import type { Bank, Branch, ZenginCode } from "zengin-code";
import zenginPackage from "zengin-code/package.json" with { type: "json" };
import { toZenginKana } from "./kana.ts";

/**
 * The version of the bank and branch list (zengin-code's data snapshot, e.g. "1.0.0-p20260824"),
 * stored with each bank account and payout so a later lookup can tell which list it was checked
 * against.
 */
export const ZENGIN_DATA_VERSION: string = zenginPackage.version;

/**
 * A bank or a branch. `name` is as the directory writes it, without "銀行"/"支店" (みずほ, 東京営業部;
 * credit unions abbreviated: 北海道信金); `kana` is the half-width 全銀 form a transfer file carries
 * (ﾐｽﾞﾎ); `hira` the reading with small kana written large (みずほ, とうきよう).
 */
export type ZenginEntry = { code: string; name: string; kana: string; hira: string };

type Indexed = {
  entry: Bank | Branch;
  /** Name, katakana and hiragana readings and romaji, each normalised like a query. */
  keys: string[];
};
type Directory = {
  data: ZenginCode;
  banks: Indexed[];
  branches: Map<string, Indexed[]>;
};

let directory: Directory | undefined;

// The data is a 5 MB JavaScript object: it is read on the first lookup and kept, never when this
// module is imported, so pages and jobs that never look up a bank do not pay for it.
function loadDirectory(): Directory {
  if (!directory) {
    const data = createRequire(import.meta.url)("zengin-code") as ZenginCode;
    directory = { data, banks: index(Object.values(data)), branches: new Map() };
  }
  return directory;
}

function index(entries: (Bank | Branch)[]): Indexed[] {
  return entries
    .map((entry) => ({
      entry,
      keys: [...new Set([entry.name, entry.kana, entry.hira, entry.roma].map(normalizeQuery))],
    }))
    .sort((a, b) => (a.entry.code < b.entry.code ? -1 : 1));
}

function toEntry({ code, name, kana, hira }: Bank | Branch): ZenginEntry {
  return { code, name, kana: toZenginKana(kana), hira };
}

/** The bank with this 4-digit code, or null. */
export function findBank(code: string): ZenginEntry | null {
  if (!/^\d{4}$/.test(code)) return null;
  const bank = loadDirectory().data[code];
  return bank ? toEntry(bank) : null;
}

/** The branch with this 3-digit code at the bank with this 4-digit code, or null. */
export function findBranch(bankCode: string, branchCode: string): ZenginEntry | null {
  if (!/^\d{4}$/.test(bankCode) || !/^\d{3}$/.test(branchCode)) return null;
  const branch = loadDirectory().data[bankCode]?.branches[branchCode];
  return branch ? toEntry(branch) : null;
}

/**
 * Banks matching what a member typed: a code prefix ("0001", "00") or part of the name in kanji,
 * katakana, hiragana or romaji ("みずほ", "ミズホ", "ﾐｽﾞﾎ", "mizuho", "みずほ銀行"). Exact
 * matches come first, then prefixes, then the rest; within each, by code, which puts the large
 * banks (low codes) first. An empty query finds nothing.
 */
export function searchBanks(query: string, limit = 20): ZenginEntry[] {
  return search(loadDirectory().banks, query, 4, limit);
}

/** Branches of one bank, matched like `searchBanks` ("東京", "とうきょう支店", "001"). */
export function searchBranches(bankCode: string, query: string, limit = 30): ZenginEntry[] {
  const loaded = loadDirectory();
  const bank = /^\d{4}$/.test(bankCode) ? loaded.data[bankCode] : undefined;
  if (!bank) return [];
  let branches = loaded.branches.get(bankCode);
  if (!branches) {
    branches = index(Object.values(bank.branches));
    loaded.branches.set(bankCode, branches);
  }
  return search(branches, query, 3, limit);
}

const EXACT = 0;
const PREFIX = 1;
const CONTAINS = 2;

function search(entries: Indexed[], query: string, codeLength: number, limit: number): ZenginEntry[] {
  const normalized = normalizeQuery(query);
  if (normalized === "" || limit <= 0) return [];
  const ranked: { rank: number; entry: Bank | Branch }[] = [];
  if (/^\d+$/.test(normalized)) {
    if (normalized.length > codeLength) return [];
    for (const { entry } of entries) {
      if (entry.code.startsWith(normalized)) {
        ranked.push({ rank: entry.code === normalized ? EXACT : PREFIX, entry });
      }
    }
  } else {
    for (const { entry, keys } of entries) {
      let rank: number | undefined;
      for (const key of keys) {
        const found = key === normalized ? EXACT : key.startsWith(normalized) ? PREFIX : undefined;
        if (found !== undefined) rank = Math.min(rank ?? found, found);
        else if (rank === undefined && key.includes(normalized)) rank = CONTAINS;
      }
      if (rank !== undefined) ranked.push({ rank, entry });
    }
  }
  // Array.prototype.sort is stable: entries are already in code order within a rank.
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map(({ entry }) => toEntry(entry));
}

const SUFFIXES = /(銀行|ギンコウ|ginkou?|bank|支店|シテン|shiten)$/u;
// The directory abbreviates credit associations (北海道信金, 北央信組); members type them in full.
const ABBREVIATIONS: [RegExp, string][] = [
  [/信用金庫/gu, "信金"],
  [/シンヨウキンコ/gu, "シンキン"],
  [/信用組合/gu, "信組"],
  [/シンヨウクミアイ/gu, "シンクミ"],
];
const SMALL_KANA = "ァィゥェォッャュョヮヵヶ";
const LARGE_KANA = "アイウエオツヤユヨワカケ";

/**
 * A query, and every name and reading of the directory, in one comparable form: NFKC (half-width
 * kana to full-width, full-width letters and digits to ASCII), lower case, hiragana as katakana,
 * small kana written large (as the directory stores readings), every dash as ー, without spaces
 * and without a trailing 銀行/支店.
 */
function normalizeQuery(value: string): string {
  let text = value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u3041-\u3096]/gu, (hiragana) => String.fromCharCode(hiragana.charCodeAt(0) + 0x60))
    .replace(/[ァィゥェォッャュョヮヵヶ]/gu, (small) => LARGE_KANA[SMALL_KANA.indexOf(small)]!)
    .replace(/[-‐‑‒–—―−ｰ]/gu, "ー")
    .replace(/\s+/gu, "");
  for (const [pattern, abbreviation] of ABBREVIATIONS) text = text.replace(pattern, abbreviation);
  return text.replace(SUFFIXES, "");
}
