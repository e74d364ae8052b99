CREATE TABLE "custom_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb,
	"content_type" text DEFAULT 'html' NOT NULL,
	"content" jsonb DEFAULT '{"zh-tw":{}}'::jsonb NOT NULL,
	"spacing" text DEFAULT 'comfortable' NOT NULL,
	"button_size" text DEFAULT 'medium' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "journal_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"issn" text,
	"cover_file_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_volume_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" jsonb,
	"cover_file_id" integer,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "journal_papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_number_id" integer NOT NULL,
	"section" jsonb,
	"title" jsonb NOT NULL,
	"authors" jsonb NOT NULL,
	"abstract" jsonb,
	"pages" text,
	"doi" text,
	"pdf_file_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_volumes" (
	"id" serial PRIMARY KEY NOT NULL,
	"journal_list_id" integer NOT NULL,
	"volume" integer NOT NULL,
	"year" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_categories" ADD COLUMN "description" jsonb;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "content_type" text DEFAULT 'html' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "content" jsonb DEFAULT '{"zh-tw":{}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "spacing" text DEFAULT 'comfortable' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "button_size" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "description" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "organiser" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "fees" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "credits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_url" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_lists" ADD CONSTRAINT "journal_lists_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_numbers" ADD CONSTRAINT "journal_numbers_journal_volume_id_journal_volumes_id_fk" FOREIGN KEY ("journal_volume_id") REFERENCES "public"."journal_volumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_numbers" ADD CONSTRAINT "journal_numbers_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_papers" ADD CONSTRAINT "journal_papers_journal_number_id_journal_numbers_id_fk" FOREIGN KEY ("journal_number_id") REFERENCES "public"."journal_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_papers" ADD CONSTRAINT "journal_papers_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_volumes" ADD CONSTRAINT "journal_volumes_journal_list_id_journal_lists_id_fk" FOREIGN KEY ("journal_list_id") REFERENCES "public"."journal_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_numbers_volume_number_idx" ON "journal_numbers" USING btree ("journal_volume_id","number");--> statement-breakpoint
CREATE INDEX "journal_papers_number_idx" ON "journal_papers" USING btree ("journal_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_volumes_list_volume_idx" ON "journal_volumes" USING btree ("journal_list_id","volume");--> statement-breakpoint
CREATE INDEX "events_category_idx" ON "events" USING btree ("category_id");