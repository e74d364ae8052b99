ALTER TABLE "system_settings" ADD COLUMN "mail_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "mail_held_by" text;