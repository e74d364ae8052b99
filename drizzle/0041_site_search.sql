CREATE TABLE "search_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"locales" text[] NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"folded" text NOT NULL,
	"title_length" integer NOT NULL,
	"body_length" integer NOT NULL,
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
CREATE TABLE "search_terms" (
	"term" text NOT NULL,
	"document_id" integer NOT NULL,
	"title_frequency" integer NOT NULL,
	"body_frequency" integer NOT NULL,
	CONSTRAINT "search_terms_term_document_id_pk" PRIMARY KEY("term","document_id")
);
--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_document_id_search_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."search_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_source_idx" ON "search_documents" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "search_terms_document_idx" ON "search_terms" USING btree ("document_id");