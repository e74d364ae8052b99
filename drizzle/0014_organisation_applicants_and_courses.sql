CREATE TABLE "course_rosters" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"status" text DEFAULT 'current' NOT NULL,
	"report" jsonb NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"speaker" text NOT NULL,
	"day" date NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"category" text NOT NULL,
	"credit_class" text NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind_id" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"place" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"open" boolean NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ALTER COLUMN "applicant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_documents" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "owner_type" text DEFAULT 'individual' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "course_rosters" ADD CONSTRAINT "course_rosters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_rosters" ADD CONSTRAINT "course_rosters_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_kind_id_certification_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."certification_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_rosters_course_idx" ON "course_rosters" USING btree ("course_id","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_sessions_position_idx" ON "course_sessions" USING btree ("course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_code_idx" ON "courses" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_application_idx" ON "courses" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "courses_first_day_idx" ON "courses" USING btree ("status","first_day");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_organisation_idx" ON "applications" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_organisation_idx" ON "orders" USING btree ("organisation_id","created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_one_applicant" CHECK (num_nonnulls("applications"."account_id", "applications"."organisation_id") = 1);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_one_payer" CHECK (num_nonnulls("orders"."account_id", "orders"."organisation_id") = 1);--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_one_holder" CHECK (num_nonnulls("issued_documents"."account_id", "issued_documents"."organisation_id") = 1);