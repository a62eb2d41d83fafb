import { prefectureNameJa } from "../shared/prefectures.ts";

/** The parts of an address that say where it is (names and phone aside). */
export type PostalAddress = {
  readonly postalCode: string;
  readonly prefectureCode: string;
  readonly city: string;
  readonly street: string;
  readonly building?: string | null | undefined;
};

/** 「〒100-0001」 from the seven digits kept (anything else is shown as it is, after the mark). */
export function formatPostalCode(postalCode: string): string {
  const digits = postalCode.replace(/^〒/, "").trim();
  return `〒${digits.replace(/^(\d{3})-?(\d{4})$/, "$1-$2")}`;
}

/**
 * Where an address is, written as Japanese addresses are, in one run from the prefecture down
 * (東京都千代田区千代田1-1), with the building after a space. The prefecture is written in
 * Japanese on English pages too: it is read with the rest of the address, by people and couriers.
 * It does not come from the messages, which in the browser are the page's language only (decision 031).
 */
export function formatPlace(address: PostalAddress): string {
  const prefecture = prefectureNameJa(address.prefectureCode);
  const building = address.building?.trim();
  return `${prefecture}${address.city.trim()}${address.street.trim()}${building ? ` ${building}` : ""}`;
}

/** The whole address on one line: 「〒100-0001 東京都千代田区千代田1-1 丸の内ビル5F」. */
export function formatAddress(address: PostalAddress): string {
  return `${formatPostalCode(address.postalCode)} ${formatPlace(address)}`;
}
