/**
 * Where a buyer can collect a らくらくTsugu便 parcel instead of having it brought home (spec §3's
 * shipping-method enum: 10 courier, 11 pickup spot): a Yamato office (営業所止め), a FamilyMart
 * counter, or a parcel locker (PUDO). Spot names are proper nouns, shown as the carrier writes them.
 */
type PickupSpotKind = "office" | "familymart" | "locker";

export type PickupSpot = {
  id: string;
  kind: PickupSpotKind;
  name: string;
  postalCode: string;
  /** The whole address on one line, as the carrier lists it. */
  address: string;
  hours: string;
};

/** Where the buyer lives, to find the spots near them. */
export type SpotSearch = { postalCode: string; prefectureCode: string; city: string };

/** How the parcel reaches the buyer (spec §3): brought by the courier, or kept at a pickup spot. */
export const DELIVERY_METHOD = { COURIER: "10", PICKUP_SPOT: "11" } as const;
export type DeliveryMethod = (typeof DELIVERY_METHOD)[keyof typeof DELIVERY_METHOD];

/** How many days a spot keeps a parcel before it goes back to the seller, as Yamato's offices do. */
export const PICKUP_HOLD_DAYS = 7;
