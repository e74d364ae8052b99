ALTER TABLE "web_info" ALTER COLUMN "color" SET DEFAULT '#2B72CC';--> statement-breakpoint
ALTER TABLE "web_info" ADD COLUMN "short_name" jsonb DEFAULT '{"zh-tw":"","en-us":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "web_info" ADD COLUMN "set_up_at" timestamp with time zone;--> statement-breakpoint
-- A society seeded before society files existed is set up already.
UPDATE "web_info" SET "set_up_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "code" text;--> statement-breakpoint
UPDATE "topics" SET "code" = 'topic-' || "id";--> statement-breakpoint
ALTER TABLE "topics" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_code_unique" UNIQUE("code");
