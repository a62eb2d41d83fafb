CREATE TABLE "device_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"item_id" bigint,
	"subject" text NOT NULL,
	"result" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"signature" text NOT NULL,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_checks" ADD CONSTRAINT "device_checks_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_checks" ADD CONSTRAINT "device_checks_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_checks_public_id_key" ON "device_checks" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_checks_item_key" ON "device_checks" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "device_checks_member_idx" ON "device_checks" USING btree ("member_id");