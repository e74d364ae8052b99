DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "captchas" ADD COLUMN "level" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "captchas" DROP COLUMN "answer_hash";