CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"person_id_encrypted" text NOT NULL,
	"person_id_hash" text NOT NULL,
	"birth_date" date NOT NULL,
	"gender" text,
	"mobile" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"workplace" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"education" text DEFAULT '' NOT NULL,
	"member_class_id" integer,
	"member_status" text,
	"member_no" text,
	"line_user_id" text,
	"preferred_locale" text DEFAULT 'zh-tw' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"user_type" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"tax_id" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_title" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"topic_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferred_locale" text DEFAULT 'zh-tw' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_type" text NOT NULL,
	"account_id" integer NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_idx" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_person_id_hash_idx" ON "accounts" USING btree ("person_id_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_line_user_idx" ON "accounts" USING btree ("line_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_type","actor_id","at");--> statement-breakpoint
CREATE INDEX "email_challenges_email_idx" ON "email_challenges" USING btree ("email","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "email_challenges_token_idx" ON "email_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_failures_subject_idx" ON "login_failures" USING btree ("subject","failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_email_idx" ON "organisations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_tax_id_idx" ON "organisations" USING btree ("tax_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("user_type","account_id");