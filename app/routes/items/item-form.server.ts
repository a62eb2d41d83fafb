import type { TItemInput } from "#core/catalog/item-fields.ts";
import type { PhotoEntry } from "#core/catalog/save-item.ts";

const TEXT_FIELDS = [
  "title",
  "description",
  "price",
  "categoryCode",
  "brandCode",
  "modelId",
  "condition",
  "postage",
  "shippingMethod",
  "leadTime",
  "storageGb",
  "color",
  "carrier",
  "imei",
  "networkRestriction",
  "activationLock",
  "batteryHealth",
] as const;

/**
 * Reads the listing form: its fields, the photos in their final order (kept ones first, in the
 * order shown, then new uploads) and whether to publish. `values` is what to show again on failure.
 */
export async function readItemForm(form: FormData) {
  const input: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const name of TEXT_FIELDS) {
    const v = form.get(name);
    input[name] = typeof v === "string" ? v : "";
    values[name] = typeof v === "string" ? v : "";
  }
  const defects = form.getAll("defects").filter((d): d is string => typeof d === "string");
  input.defects = defects;
  values.defects = defects.join(",");
  const removed = new Set(form.getAll("removePhoto").map(String));
  const kept: PhotoEntry[] = form
    .getAll("keepPhoto")
    .map(String)
    .filter((id) => /^\d+$/.test(id) && !removed.has(id))
    .map((id) => ({ photoId: Number(id) }));
  const files = form
    .getAll("newPhotos")
    .filter((f): f is File => typeof f === "object" && f !== null && f.size > 0);
  const added: PhotoEntry[] = await Promise.all(
    files.map(async (f) => ({ bytes: new Uint8Array(await f.arrayBuffer()) })),
  );
  return {
    input: input as TItemInput,
    photos: [...kept, ...added],
    publish: form.get("intent") !== "draft",
    values,
  };
}
