ALTER TABLE "payments" ADD COLUMN "settlement" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "applied_order_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_applied_order_id_orders_id_fk" FOREIGN KEY ("applied_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("created_at") WHERE "payments"."surplus" AND "payments"."settlement" IS NULL;