CREATE TABLE "buyback_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyback_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"shipping_method" text NOT NULL,
	"pickup_date" date,
	"pickup_slot" text,
	"address" jsonb NOT NULL,
	"inbound_invoice_number" text,
	"inbound_tracking_url" text,
	"request_key" text NOT NULL,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyback_bids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyback_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"grade" text NOT NULL,
	"ng_condition" text NOT NULL,
	"price" integer,
	"enabled" boolean DEFAULT false NOT NULL,
	"quantity_cap" integer,
	"reserved" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"price_set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyback_bids_cell_key" UNIQUE("company_id","model_id","grade","ng_condition"),
	CONSTRAINT "buyback_bids_price_check" CHECK ("buyback_bids"."price" is null or "buyback_bids"."price" between 1 and 9999999),
	CONSTRAINT "buyback_bids_enabled_price_check" CHECK (not "buyback_bids"."enabled" or "buyback_bids"."price" is not null),
	CONSTRAINT "buyback_bids_reserved_check" CHECK ("buyback_bids"."reserved" >= 0),
	CONSTRAINT "buyback_bids_cap_check" CHECK ("buyback_bids"."quantity_cap" is null or ("buyback_bids"."quantity_cap" >= 0 and "buyback_bids"."reserved" <= "buyback_bids"."quantity_cap"))
);
--> statement-breakpoint
CREATE TABLE "buyback_buyers" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"setup_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyback_companies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyback_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"invoice_number" text,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"dealer_licence" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyback_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyback_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 7001 CACHE 1),
	"company_id" bigint NOT NULL,
	"state" text NOT NULL,
	"scheduled_ship_date" date NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	"payment_amount" integer DEFAULT 0 NOT NULL,
	"invoice_number" text,
	"tracking_url" text,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyback_gradings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyback_gradings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"grade" text NOT NULL,
	"ng_conditions" text[] NOT NULL,
	"external_grade" jsonb,
	"diagnostics" jsonb NOT NULL,
	"graded_by" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyback_invitations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyback_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "buyback_item_photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyback_item_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"blob_key" text NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyback_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyback_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 300001 CACHE 1),
	"application_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"storage_gb" integer,
	"imei" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"estimate" jsonb,
	"state" text NOT NULL,
	"grade" text,
	"ng_conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"external_grade" jsonb,
	"diagnostics" jsonb,
	"graded_at" timestamp with time zone,
	"graded_by" bigint,
	"offer_bid_id" bigint,
	"offer_company_id" bigint,
	"offer_bid" integer,
	"offer_deductions" jsonb,
	"offer_amount" integer,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"buyer_fee" integer,
	"delivery_id" bigint,
	"end_reason" text,
	"end_note" text,
	"return_invoice_number" text,
	"unlock_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyback_items_offer_check" CHECK ("buyback_items"."offer_amount" is null or "buyback_items"."offer_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "buyback_spots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyback_spots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"postal_code" text NOT NULL,
	"prefecture_code" text NOT NULL,
	"address" text NOT NULL,
	"hours" text NOT NULL,
	"closed_days" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dealer_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"traded_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"item_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"features" text NOT NULL,
	"amount" integer NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"seller_occupation" text NOT NULL,
	"seller_age" integer,
	"verification_method" text NOT NULL,
	"identity_check_id" bigint,
	"buyback_item_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_models" ADD COLUMN "dealer_act_exception" text;--> statement-breakpoint
ALTER TABLE "buyback_applications" ADD CONSTRAINT "buyback_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_bids" ADD CONSTRAINT "buyback_bids_company_id_buyback_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."buyback_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_bids" ADD CONSTRAINT "buyback_bids_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_bids" ADD CONSTRAINT "buyback_bids_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_buyers" ADD CONSTRAINT "buyback_buyers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_buyers" ADD CONSTRAINT "buyback_buyers_company_id_buyback_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."buyback_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_deliveries" ADD CONSTRAINT "buyback_deliveries_company_id_buyback_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."buyback_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_gradings" ADD CONSTRAINT "buyback_gradings_item_id_buyback_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."buyback_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_gradings" ADD CONSTRAINT "buyback_gradings_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_invitations" ADD CONSTRAINT "buyback_invitations_company_id_buyback_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."buyback_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_invitations" ADD CONSTRAINT "buyback_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_invitations" ADD CONSTRAINT "buyback_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_item_photos" ADD CONSTRAINT "buyback_item_photos_item_id_buyback_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."buyback_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_items" ADD CONSTRAINT "buyback_items_application_id_buyback_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."buyback_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_items" ADD CONSTRAINT "buyback_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_items" ADD CONSTRAINT "buyback_items_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_items" ADD CONSTRAINT "buyback_items_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_items" ADD CONSTRAINT "buyback_items_offer_bid_id_buyback_bids_id_fk" FOREIGN KEY ("offer_bid_id") REFERENCES "public"."buyback_bids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_items" ADD CONSTRAINT "buyback_items_offer_company_id_buyback_companies_id_fk" FOREIGN KEY ("offer_company_id") REFERENCES "public"."buyback_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyback_applications_request_key" ON "buyback_applications" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "buyback_applications_user_idx" ON "buyback_applications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "buyback_bids_best_idx" ON "buyback_bids" USING btree ("model_id","grade","ng_condition","price" DESC NULLS LAST,"price_set_at") WHERE "buyback_bids"."enabled";--> statement-breakpoint
CREATE INDEX "buyback_buyers_company_idx" ON "buyback_buyers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "buyback_deliveries_company_idx" ON "buyback_deliveries" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "buyback_deliveries_open_key" ON "buyback_deliveries" USING btree ("company_id") WHERE "buyback_deliveries"."state" = '10';--> statement-breakpoint
CREATE INDEX "buyback_gradings_item_idx" ON "buyback_gradings" USING btree ("item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "buyback_invitations_token_key" ON "buyback_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "buyback_invitations_email_idx" ON "buyback_invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "buyback_item_photos_position_key" ON "buyback_item_photos" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "buyback_items_user_idx" ON "buyback_items" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "buyback_items_application_idx" ON "buyback_items" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "buyback_items_state_idx" ON "buyback_items" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "buyback_items_company_idx" ON "buyback_items" USING btree ("offer_company_id","state");--> statement-breakpoint
CREATE INDEX "buyback_items_delivery_idx" ON "buyback_items" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "buyback_spots_prefecture_idx" ON "buyback_spots" USING btree ("prefecture_code","position");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_ledger_item_key" ON "dealer_ledger" USING btree ("buyback_item_id");--> statement-breakpoint
CREATE INDEX "dealer_ledger_traded_idx" ON "dealer_ledger" USING btree ("traded_at","id");--> statement-breakpoint
-- The dealer ledger (古物台帳) is append-only: an acquisition stays as it was recorded.
CREATE FUNCTION "dealer_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the dealer ledger is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "dealer_ledger_no_update" BEFORE UPDATE OR DELETE ON "dealer_ledger"
  FOR EACH ROW EXECUTE FUNCTION "dealer_ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "dealer_ledger_no_truncate" BEFORE TRUNCATE ON "dealer_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "dealer_ledger_append_only"();--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "dealer_ledger" FROM PUBLIC;
