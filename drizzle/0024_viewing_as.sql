ALTER TABLE "sessions" ADD COLUMN "viewing_account_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "viewing_until" timestamp with time zone;