CREATE TABLE "paper_authorisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"text_version" text NOT NULL,
	"locale" text NOT NULL,
	"signed_name" text NOT NULL,
	"document_id" integer,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"round" integer NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recommendation" text,
	"to_authors" text DEFAULT '' NOT NULL,
	"to_editor" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"abstract" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"topic_code" text DEFAULT '' NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"authors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"manuscript_file_id" integer,
	"round" integer DEFAULT 0 NOT NULL,
	"reopened" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision_due_at" timestamp with time zone,
	"locale" text DEFAULT 'zh-tw' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"access_hash" text,
	"access_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviewer_expertise" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_assignments" ALTER COLUMN "declaration" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "metadata_stripped" boolean;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "notice" jsonb;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "topics" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "rubric" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "blind" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "max_file_mb" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "max_authors" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "abstract_max_chars" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_days" integer DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "revision_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "service_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD COLUMN "reminded_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD COLUMN "reminded_overdue_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paper_authorisations" ADD CONSTRAINT "paper_authorisations_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_authorisations" ADD CONSTRAINT "paper_authorisations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_authorisations" ADD CONSTRAINT "paper_authorisations_document_id_issued_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."issued_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_files" ADD CONSTRAINT "paper_files_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_files" ADD CONSTRAINT "paper_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_history" ADD CONSTRAINT "paper_history_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_reviews" ADD CONSTRAINT "paper_reviews_assignment_id_review_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."review_assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_reviews" ADD CONSTRAINT "paper_reviews_item_id_review_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."review_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_reviews" ADD CONSTRAINT "paper_reviews_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_manuscript_file_id_files_id_fk" FOREIGN KEY ("manuscript_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_assignment_id_review_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."review_assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_expertise" ADD CONSTRAINT "reviewer_expertise_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_authorisations_paper_idx" ON "paper_authorisations" USING btree ("paper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_files_round_idx" ON "paper_files" USING btree ("paper_id","round");--> statement-breakpoint
CREATE INDEX "paper_history_paper_idx" ON "paper_history" USING btree ("paper_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_reviews_assignment_idx" ON "paper_reviews" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "paper_reviews_paper_idx" ON "paper_reviews" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "papers_account_idx" ON "papers" USING btree ("account_id","post_id");--> statement-breakpoint
CREATE INDEX "papers_post_idx" ON "papers" USING btree ("post_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "papers_number_idx" ON "papers" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "review_links_token_idx" ON "review_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "review_links_access_idx" ON "review_links" USING btree ("access_hash");--> statement-breakpoint
CREATE INDEX "review_links_assignment_idx" ON "review_links" USING btree ("assignment_id");