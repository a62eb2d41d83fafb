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
 * Reads the listing form: its fields, the photos in their final order and whether to publish.
 * The order is the form's `photoOrder` ("keep:12,new:0,keep:9": a kept photo by id, a new upload by
 * its place among the uploads) when the page sent it, else kept ones first, in the order shown, then
 * new uploads. `values` is what to show again on failure.
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
  const confirmContradictions = form.get("confirmContradictions") === "1";
  if (confirmContradictions) values.confirmContradictions = "1";
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
    photos: inOrder(String(form.get("photoOrder") ?? ""), kept, added),
    publish: form.get("intent") !== "draft",
    confirmContradictions,
    values,
  };
}

/**
 * The photos in the order the page says, when it names each kept photo and each upload exactly
 * once; otherwise (no order, or one that does not match what was sent) kept ones first, then new.
 */
function inOrder(order: string, kept: PhotoEntry[], added: PhotoEntry[]): PhotoEntry[] {
  const fallback = [...kept, ...added];
  if (!order) return fallback;
  const keptById = new Map(kept.map((p) => ["photoId" in p ? String(p.photoId) : "", p]));
  const used = new Set<string>();
  const ordered: PhotoEntry[] = [];
  for (const token of order.split(",")) {
    const [kind, ref = ""] = token.split(":");
    const entry =
      kind === "keep"
        ? keptById.get(ref)
        : kind === "new" && /^\d+$/.test(ref)
          ? added[Number(ref)]
          : undefined;
    if (!entry || used.has(token)) return fallback;
    used.add(token);
    ordered.push(entry);
  }
  return ordered.length === fallback.length ? ordered : fallback;
}
