import type { TItemFields } from "./item-fields.ts";

/** A listing's checked fields as the `items` columns they are stored in. */
export function itemColumns(fields: TItemFields) {
  return {
    title: fields.title,
    description: fields.description,
    price: fields.price ?? null,
    categoryCode: fields.categoryCode ?? null,
    brandCode: fields.brandCode ?? null,
    modelId: fields.modelId ?? null,
    condition: fields.condition ?? null,
    postage: fields.postage ?? null,
    shippingMethod: fields.shippingMethod ?? null,
    leadTime: fields.leadTime ?? null,
    storageGb: fields.storageGb ?? null,
    color: fields.color ?? null,
    carrier: fields.carrier ?? null,
    imei: fields.imei ?? null,
    networkRestriction: fields.networkRestriction ?? null,
    activationLock: fields.activationLock ?? null,
    batteryHealth: fields.batteryHealth ?? null,
    defects: fields.defects,
  };
}
