CREATE TABLE "search_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"locales" text[] NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"terms" "tsvector" NOT NULL,
	"date" timestamp with time zone,
	"year" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	"listed" boolean NOT NULL,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_source_idx" ON "search_documents" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "search_documents_terms_idx" ON "search_documents" USING gin ("terms");