CREATE TABLE "application_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"document_key" text NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"account_id" integer NOT NULL,
	"class_id" integer,
	"form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reviewed" boolean NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"locale" text NOT NULL,
	"effective_on" date,
	"due_at" timestamp with time zone,
	"review_comment" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"eligibility" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entrance_fee" integer DEFAULT 0 NOT NULL,
	"dues_per_term" integer DEFAULT 0 NOT NULL,
	"term_kind" text DEFAULT 'calendarYear' NOT NULL,
	"term_months" integer,
	"life" boolean DEFAULT false NOT NULL,
	"reviewed" boolean DEFAULT true NOT NULL,
	"upgrade_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opens_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "member_classes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "membership_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"application_id" integer,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"term_end" date NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"grace_days" integer DEFAULT 90 NOT NULL,
	"renewal_window_days" integer DEFAULT 60 NOT NULL,
	"late_join_from" text,
	"member_no_pattern" text DEFAULT 'M{yyyy}-{seq:4}' NOT NULL,
	"replace_fee" integer DEFAULT 200 NOT NULL,
	"payment_days" integer DEFAULT 14 NOT NULL,
	"returned_days" integer DEFAULT 30 NOT NULL,
	"review_days" integer DEFAULT 14 NOT NULL,
	"pause_max_months" integer DEFAULT 24 NOT NULL,
	"remind_before_days" jsonb DEFAULT '[30,7]'::jsonb NOT NULL,
	"remind_in_grace_days" jsonb DEFAULT '[14,60]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"start" date NOT NULL,
	"end" date,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"member_no" text NOT NULL,
	"class_id" integer NOT NULL,
	"status" text NOT NULL,
	"joined_on" date NOT NULL,
	"term_start" date NOT NULL,
	"term_end" date,
	"paused_from" date,
	"paused_until" date,
	"last_day" date,
	"certificate_edition" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"role" text NOT NULL,
	"granted_by" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"assigned_by" integer NOT NULL,
	"declaration" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"decision" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"staff_note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"subject_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateway_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"merchant_order_no" text,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"result" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"term_start" date,
	"term_end" date
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"account_id" integer NOT NULL,
	"application_id" integer,
	"description" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"receipt_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"merchant_order_no" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"payment_type" text,
	"trade_no" text,
	"bank_code" text,
	"code_no" text,
	"code_expires_at" timestamp with time zone,
	"failure" text,
	"last_queried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"attempt_id" integer,
	"remittance_id" integer,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"trade_no" text,
	"source" text NOT NULL,
	"surplus" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"transfer_date" date NOT NULL,
	"amount" integer NOT NULL,
	"account_last5" text NOT NULL,
	"status" text DEFAULT 'reported' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"account_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"verify_code" text NOT NULL,
	"facts" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_class_id_member_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."member_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_reminders" ADD CONSTRAINT "membership_reminders_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_terms" ADD CONSTRAINT "membership_terms_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_terms" ADD CONSTRAINT "membership_terms_class_id_member_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."member_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_class_id_member_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."member_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_item_id_review_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."review_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_reviewer_id_accounts_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_item_id_review_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."review_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_reviewer_id_accounts_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_files_application_idx" ON "application_files" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_history_application_idx" ON "application_history" USING btree ("application_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_number_idx" ON "applications" USING btree ("number");--> statement-breakpoint
CREATE INDEX "applications_account_idx" ON "applications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_state_idx" ON "applications" USING btree ("state","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_open_idx" ON "applications" USING btree ("account_id") WHERE "applications"."state" not in ('rejected', 'effective', 'cancelled', 'expired');--> statement-breakpoint
CREATE INDEX "membership_events_membership_idx" ON "membership_events" USING btree ("membership_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_reminders_once_idx" ON "membership_reminders" USING btree ("membership_id","term_end","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_terms_start_idx" ON "membership_terms" USING btree ("membership_id","start");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_account_idx" ON "memberships" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_member_no_idx" ON "memberships" USING btree ("member_no");--> statement-breakpoint
CREATE UNIQUE INDEX "account_roles_account_role_idx" ON "account_roles" USING btree ("account_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "review_assignments_item_reviewer_idx" ON "review_assignments" USING btree ("item_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "review_decisions_item_idx" ON "review_decisions" USING btree ("item_id","at");--> statement-breakpoint
CREATE INDEX "review_items_queue_idx" ON "review_items" USING btree ("queue","status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_items_open_subject_idx" ON "review_items" USING btree ("queue","subject_id") WHERE "review_items"."status" = 'open';--> statement-breakpoint
CREATE INDEX "gateway_messages_order_idx" ON "gateway_messages" USING btree ("merchant_order_no","at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receipt_no_idx" ON "orders" USING btree ("receipt_no");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_application_idx" ON "orders" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_merchant_order_no_idx" ON "payment_attempts" USING btree ("merchant_order_no");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_attempt_idx" ON "payments" USING btree ("attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_remittance_idx" ON "payments" USING btree ("remittance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_trade_no_idx" ON "payments" USING btree ("trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_counted_idx" ON "payments" USING btree ("order_id") WHERE "payments"."surplus" = false;--> statement-breakpoint
CREATE INDEX "remittances_status_idx" ON "remittances" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remittances_open_order_idx" ON "remittances" USING btree ("order_id") WHERE "remittances"."status" = 'reported';--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_verify_code_idx" ON "issued_documents" USING btree ("verify_code");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_kind_number_idx" ON "issued_documents" USING btree ("kind","number");--> statement-breakpoint
CREATE INDEX "issued_documents_account_idx" ON "issued_documents" USING btree ("account_id","kind");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","purpose");--> statement-breakpoint
-- Every database has the society's membership settings (one row, edited later by the staff).
INSERT INTO "membership_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Members recorded on the account before memberships existed become memberships of one class
-- (created when needed), in a term that ends with the current year.
INSERT INTO "member_classes" ("code", "name", "description", "eligibility", "terms", "opens_at")
SELECT 'regular', '{"zh-tw":"正式會員","en-us":"Regular member"}', '{"zh-tw":"","en-us":""}',
  '{"zh-tw":"","en-us":""}', '{"zh-tw":"","en-us":""}', NULL
WHERE EXISTS (SELECT 1 FROM "accounts" WHERE "member_no" IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM "member_classes");--> statement-breakpoint
INSERT INTO "memberships" ("account_id", "member_no", "class_id", "status", "joined_on", "term_start", "term_end",
  "paused_from", "last_day")
SELECT a."id", a."member_no", (SELECT min(c."id") FROM "member_classes" c),
  CASE WHEN a."member_status" IN ('active', 'inGrace', 'lapsed', 'paused', 'ended') THEN a."member_status" ELSE 'active' END,
  (a."created_at" AT TIME ZONE 'Asia/Taipei')::date,
  date_trunc('year', now() AT TIME ZONE 'Asia/Taipei')::date,
  (date_trunc('year', now() AT TIME ZONE 'Asia/Taipei') + interval '1 year' - interval '1 day')::date,
  CASE WHEN a."member_status" = 'paused' THEN (now() AT TIME ZONE 'Asia/Taipei')::date END,
  CASE WHEN a."member_status" = 'ended' THEN (now() AT TIME ZONE 'Asia/Taipei')::date - 1 END
FROM "accounts" a WHERE a."member_no" IS NOT NULL;--> statement-breakpoint
INSERT INTO "membership_terms" ("membership_id", "class_id", "start", "end")
SELECT m."id", m."class_id", m."term_start", m."term_end" FROM "memberships" m;--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "member_class_id";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "member_status";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "member_no";