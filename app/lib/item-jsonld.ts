import { BRANDS } from "#core/catalog/codes.ts";
import type { ItemDetail } from "#core/catalog/get-item.ts";

const CONDITION: Record<string, string> = {
  USED: "https://schema.org/UsedCondition",
  UNCONFIRMED: "https://schema.org/UsedCondition",
  DEFECTIVE: "https://schema.org/DamagedCondition",
  UNUSABLE: "https://schema.org/DamagedCondition",
};
const AVAILABILITY: Record<string, string> = {
  SALE: "https://schema.org/InStock",
  ASK: "https://schema.org/InStock",
  SOLD: "https://schema.org/SoldOut",
  DISABLED: "https://schema.org/Discontinued",
};

/** Product + Offer structured data for a listing page (brand, availability, condition, price in JPY). */
export function itemJsonLd(item: ItemDetail, url: string, origin: string): Record<string, unknown> {
  const brand = BRANDS.find((b) => b.code === item.brandCode);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.title,
    description: item.description.slice(0, 500),
    sku: String(item.id),
    image: item.photos.map((p) => new URL(p.largeUrl, origin).toString()),
    ...(brand ? { brand: { "@type": "Brand", name: brand.name } } : {}),
    ...(item.modelName ? { model: item.modelName } : {}),
    itemCondition: CONDITION[item.condition ?? "USED"],
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "JPY",
      price: item.price,
      availability: AVAILABILITY[item.state] ?? "https://schema.org/Discontinued",
      itemCondition: CONDITION[item.condition ?? "USED"],
      seller: { "@type": "Person", name: item.seller.nickname },
    },
  };
}
