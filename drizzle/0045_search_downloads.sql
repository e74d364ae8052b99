-- Site search indexes the downloads named on articles, events and pages, each a document of kind
-- 'file' beside its item (docs/decisions/042): the item it is named on, and source ids unique per
-- item (a download) or per kind (an item). The index is emptied so the next start writes it whole,
-- downloads included.
DELETE FROM "search_documents";--> statement-breakpoint
DROP INDEX "search_documents_source_idx";--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "parent_kind" text;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "parent_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_download_idx" ON "search_documents" USING btree ("parent_kind","parent_id","source_id") WHERE "search_documents"."parent_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_source_idx" ON "search_documents" USING btree ("kind","source_id") WHERE "search_documents"."parent_id" IS NULL;