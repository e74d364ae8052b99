ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "statement_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "statement_line" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_statement_line_idx" ON "payments" USING btree ("statement_id","statement_line");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_or_statement" CHECK ("payments"."order_id" IS NOT NULL OR ("payments"."surplus" AND "payments"."statement_id" IS NOT NULL AND "payments"."statement_line" IS NOT NULL));