CREATE TABLE "certification_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"issuer" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certification_kinds_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind_id" integer NOT NULL,
	"points" integer NOT NULL,
	"credit_class" text NOT NULL,
	"category" text NOT NULL,
	"method" text NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"source_id" integer,
	"earned_on" date NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind_id" integer NOT NULL,
	"number" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_kind_id_certification_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."certification_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_certificates" ADD CONSTRAINT "member_certificates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_certificates" ADD CONSTRAINT "member_certificates_kind_id_certification_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."certification_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_account_idx" ON "credit_entries" USING btree ("account_id","kind_id","earned_on");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_source_idx" ON "credit_entries" USING btree ("source","source_id","account_id") WHERE "credit_entries"."status" = 'posted' AND "credit_entries"."source_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "member_certificates_number_idx" ON "member_certificates" USING btree ("kind_id","number");--> statement-breakpoint
CREATE INDEX "member_certificates_account_idx" ON "member_certificates" USING btree ("account_id","kind_id","ends_on");