ALTER TABLE "system_settings" ADD COLUMN "mail_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "mail_held_by" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "locale_unknown" boolean DEFAULT false NOT NULL;