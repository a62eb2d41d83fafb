CREATE TABLE "media_authors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_authors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"avatar_key" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_authors_state_check" CHECK ("media_authors"."state" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "media_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"og_image_key" text,
	"author_id" bigint,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_posts_kind_check" CHECK ("media_posts"."kind" in ('article', 'news')),
	CONSTRAINT "media_posts_state_check" CHECK ("media_posts"."state" in ('draft', 'published')),
	CONSTRAINT "media_posts_published_at_check" CHECK ("media_posts"."state" = 'draft' or "media_posts"."published_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "media_posts" ADD CONSTRAINT "media_posts_author_id_media_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."media_authors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_posts" ADD CONSTRAINT "media_posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_authors_slug_key" ON "media_authors" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "media_posts_kind_slug_key" ON "media_posts" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "media_posts_public_idx" ON "media_posts" USING btree ("kind","state","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_posts_author_idx" ON "media_posts" USING btree ("author_id","state","published_at" DESC NULLS LAST);