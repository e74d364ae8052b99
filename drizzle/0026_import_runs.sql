CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"certification_code" text,
	"encoding" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text,
	"state" text NOT NULL,
	"total_lines" integer DEFAULT 0 NOT NULL,
	"lines_read" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"refusals" jsonb,
	"rejects_key" text,
	"error" jsonb,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;