ALTER TABLE "search_documents" ADD COLUMN "title_terms" "tsvector" DEFAULT '' NOT NULL;--> statement-breakpoint
-- The rows written before have no title terms: emptied, the next start writes the index whole.
DELETE FROM "search_documents";
