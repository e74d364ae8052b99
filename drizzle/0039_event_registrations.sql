CREATE TABLE "event_check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"direction" text NOT NULL,
	"door_account_id" integer,
	"door_link_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_check_ins_door" CHECK (num_nonnulls("event_check_ins"."door_account_id", "event_check_ins"."door_link_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "event_door_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_registration_setups" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"early_bird_until" timestamp with time zone,
	"cancel_until" timestamp with time zone,
	"pay_hours" integer DEFAULT 72 NOT NULL,
	"offer_hours" integer DEFAULT 48 NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"questions" jsonb DEFAULT '{"diet":"off","receipt":"off","freeText":"off"}'::jsonb NOT NULL,
	"refund_rule" jsonb DEFAULT '{"steps":[]}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registration_setups_window" CHECK ("event_registration_setups"."opens_at" < "event_registration_setups"."closes_at"),
	CONSTRAINT "event_registration_setups_hours" CHECK ("event_registration_setups"."pay_hours" >= 1 AND "event_registration_setups"."offer_hours" >= 1)
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"event_id" integer NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"state" text NOT NULL,
	"price" integer NOT NULL,
	"price_tier" text NOT NULL,
	"price_class" text,
	"early" boolean DEFAULT false NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ticket_token" text NOT NULL,
	"pay_by" timestamp with time zone,
	"waiting_since" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" jsonb NOT NULL,
	"day" date NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"needs_check_out" boolean DEFAULT false NOT NULL,
	"kind_id" integer,
	"category" text,
	"credit_class" text,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"ticket_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" jsonb NOT NULL,
	"capacity" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"prices" jsonb NOT NULL,
	"early_prices" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_ticket_types_seats" CHECK ("event_ticket_types"."seats_taken" >= 0 AND "event_ticket_types"."seats_taken" <= "event_ticket_types"."capacity")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "registration_id" integer;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_door_account_id_accounts_id_fk" FOREIGN KEY ("door_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_door_link_id_event_door_links_id_fk" FOREIGN KEY ("door_link_id") REFERENCES "public"."event_door_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_door_links" ADD CONSTRAINT "event_door_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_door_links" ADD CONSTRAINT "event_door_links_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registration_setups" ADD CONSTRAINT "event_registration_setups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sessions" ADD CONSTRAINT "event_sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sessions" ADD CONSTRAINT "event_sessions_kind_id_certification_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."certification_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_check_ins_once_idx" ON "event_check_ins" USING btree ("registration_id","session_id","direction");--> statement-breakpoint
CREATE INDEX "event_check_ins_session_idx" ON "event_check_ins" USING btree ("session_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_door_links_token_idx" ON "event_door_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "event_door_links_event_idx" ON "event_door_links" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_number_idx" ON "event_registrations" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_ticket_token_idx" ON "event_registrations" USING btree ("ticket_token");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_active_idx" ON "event_registrations" USING btree ("ticket_type_id","account_id") WHERE "event_registrations"."state" NOT IN ('cancelled', 'expired', 'rejected');--> statement-breakpoint
CREATE INDEX "event_registrations_waiting_idx" ON "event_registrations" USING btree ("ticket_type_id","waiting_since","id") WHERE "event_registrations"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "event_registrations_event_idx" ON "event_registrations" USING btree ("event_id","state");--> statement-breakpoint
CREATE INDEX "event_registrations_account_idx" ON "event_registrations" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "event_registrations_pay_by_idx" ON "event_registrations" USING btree ("pay_by") WHERE "event_registrations"."state" = 'awaitingPayment';--> statement-breakpoint
CREATE INDEX "event_sessions_event_idx" ON "event_sessions" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "event_ticket_types_event_idx" ON "event_ticket_types" USING btree ("event_id","position");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_registration_idx" ON "orders" USING btree ("registration_id");