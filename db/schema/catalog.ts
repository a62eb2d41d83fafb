import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ITEM_STATE_CODES } from "./codes.ts";
import { users } from "./identity.ts";

/** The model catalogue per brand, used to pick a model when listing and as a search filter. */
export const deviceModels = pgTable(
  "device_models",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text("brand_code").notNull(),
    categoryCode: text("category_code").notNull(),
    name: text("name").notNull(),
    releasedYear: smallint("released_year"),
    /** Storage sizes (GB) the model was sold with, offered as choices when listing. */
    storageOptions: integer("storage_options").array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Set for goods the ¥10,000 exemption of the Secondhand Articles Dealer Act does not cover
     * (console game software, discs, books): buying one needs an identity check at any price.
     */
    dealerActException: text("dealer_act_exception"),
  },
  (t) => [
    uniqueIndex("device_models_brand_name_key").on(t.brandCode, t.name),
    index("device_models_category_idx").on(t.categoryCode),
  ],
);

/** Type Allocation Codes: the first 8 digits of an IMEI name the maker and model. */
export const tacCodes = pgTable("tac_codes", {
  tac: text("tac").primaryKey(),
  modelId: bigint("model_id", { mode: "number" })
    .notNull()
    .references(() => deviceModels.id, { onDelete: "cascade" }),
});

export const items = pgTable(
  "items",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1000000001 }),
    sellerId: bigint("seller_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: ITEM_STATE_CODES }).notNull().default("DRAFT"),
    /** The state a moderation hide (HIDDEN) returns to when restored. */
    heldFrom: text("held_from", { enum: ["ASK", "SALE", "DISABLED", "PRIVATE"] }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    price: integer("price"),
    categoryCode: text("category_code"),
    brandCode: text("brand_code"),
    modelId: bigint("model_id", { mode: "number" }).references(() => deviceModels.id, {
      onDelete: "set null",
    }),
    condition: text("condition", { enum: ["DEFECTIVE", "UNUSABLE", "UNCONFIRMED", "USED"] }),
    postage: text("postage", { enum: ["INCLUDED", "ARRIVAL"] }),
    shippingMethod: text("shipping_method"),
    leadTime: text("lead_time"),
    storageGb: integer("storage_gb"),
    color: text("color"),
    carrier: text("carrier"),
    imei: text("imei"),
    networkRestriction: text("network_restriction"),
    activationLock: text("activation_lock"),
    batteryHealth: smallint("battery_health"),
    defects: text("defects").array().notNull().default(sql`'{}'::text[]`),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    /**
     * When the seller asked to publish this draft before their seller setup was done: the setup's
     * end publishes it (only while it is still a draft with this mark); any later save clears it.
     */
    publishRequestedAt: timestamp("publish_requested_at", { withTimezone: true }),
  },
  (t) => [
    index("items_listing_idx").on(t.state, t.publishedAt.desc(), t.id.desc()),
    index("items_seller_idx").on(t.sellerId, t.state, t.updatedAt.desc()),
    index("items_category_idx").on(t.categoryCode, t.state, t.publishedAt.desc()),
    index("items_brand_idx").on(t.brandCode, t.state, t.publishedAt.desc()),
    index("items_model_idx").on(t.modelId, t.state, t.publishedAt.desc()),
    index("items_price_idx").on(t.state, t.price),
    // Public listings in each sort order, so a broad search reads the first page straight off an index.
    index("items_public_new_idx")
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.state} in ('SALE', 'ASK', 'SOLD')`),
    index("items_public_price_idx")
      .on(t.price, t.id)
      .where(sql`${t.state} in ('SALE', 'ASK', 'SOLD') and ${t.price} is not null`),
    index("items_public_likes_idx")
      .on(t.likeCount.desc(), t.id.desc())
      .where(sql`${t.state} in ('SALE', 'ASK', 'SOLD')`),
    index("items_defects_idx").using("gin", t.defects),
    // Market prices: a model's (or a brand's) sales of the last 90 days, by condition.
    index("items_sold_model_idx").on(t.modelId, t.condition, t.soldAt).where(sql`${t.state} = 'SOLD'`),
    index("items_sold_brand_idx").on(t.brandCode, t.soldAt).where(sql`${t.state} = 'SOLD'`),
    check(
      "items_listed_complete_check",
      sql`${t.state} = 'DRAFT' or (${t.price} is not null and ${t.categoryCode} is not null and ${t.condition} is not null and ${t.postage} is not null and ${t.shippingMethod} is not null and ${t.leadTime} is not null)`,
    ),
    check("items_price_check", sql`${t.price} is null or (${t.price} >= 50 and ${t.price} <= 9999999)`),
    check("items_battery_check", sql`${t.batteryHealth} is null or (${t.batteryHealth} between 0 and 100)`),
    check("items_counts_check", sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0`),
  ],
);

export const itemPhotos = pgTable(
  "item_photos",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    /** Blob key prefix; the renditions are `${key}-thumb.webp` and `${key}-large.webp`. */
    key: text("key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("item_photos_item_position_key").on(t.itemId, t.position),
    check("item_photos_position_check", sql`${t.position} between 0 and 9`),
  ],
);

/**
 * The search row of a listing, apart from the listing so that the items table stays narrow
 * (see decision 009). `grams` holds every distinct character and character pair of the listing's
 * normalised text (written by the application) and one token per device fact and state (added by
 * the database, `item_search_fill`), so one GIN lookup applies a keyword and its filters together.
 * The range and sort columns are copies of the listing's, kept current by triggers on `items`, so a
 * keyword search reads this table alone and joins the listing only for the page it shows.
 */
export const itemSearch = pgTable(
  "item_search",
  {
    itemId: bigint("item_id", { mode: "number" })
      .primaryKey()
      .references(() => items.id, { onDelete: "cascade" }),
    grams: text("grams").array().notNull(),
    /** The listing's whole text as search reads it: longer Japanese terms are checked against it. */
    body: text("body").notNull().default(""),
    /**
     * The fact tokens alone (also in `grams`): a short array, so a filter that most listings pass
     * is checked on the row instead of intersecting a long posting list in the index (decision 025).
     */
    facts: text("facts").array().notNull().default([]),
    state: text("state").notNull().default("DRAFT"),
    price: integer("price"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    likeCount: integer("like_count").notNull().default(0),
    batteryHealth: smallint("battery_health"),
  },
  (t) => [
    index("item_search_grams_idx").using("gin", t.grams),
    // A keyword that matches a large share of listings reads its first page in sort order.
    index("item_search_price_idx").on(t.price, t.itemId),
    index("item_search_new_idx").on(t.publishedAt.desc(), t.itemId.desc()),
  ],
);

/**
 * A seller's listing templates: a name and the sell form's fields (never photos or an IMEI), to
 * fill the form again for the next listing of the same kind. At most 20 a seller, names unique.
 */
export const listingTemplates = pgTable(
  "listing_templates",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sellerId: bigint("seller_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The checked form fields by name, as the form sends them (strings, defects a list). */
    fields: jsonb("fields").$type<Record<string, string | string[]>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("listing_templates_seller_name_key").on(t.sellerId, t.name)],
);
