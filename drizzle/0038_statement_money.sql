ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "statement_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "statement_line" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_statement_line_idx" ON "payments" USING btree ("statement_id","statement_line");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_or_statement" CHECK ("payments"."order_id" IS NOT NULL OR ("payments"."surplus" AND "payments"."statement_id" IS NOT NULL AND "payments"."statement_line" IS NOT NULL));--> statement-breakpoint
-- Lines kept before money with no order existed become that money now, waiting to be settled.
INSERT INTO "payments" ("order_id", "statement_id", "statement_line", "payer_text", "amount", "method", "source", "surplus", "paid_at")
SELECT NULL, bs."id", (l->>'line')::int, concat_ws(' · ', nullif(l->>'account', ''), nullif(l->>'memo', '')),
  (l->>'amount')::int, 'remittance', 'statement', true,
  ((l->>'date')::date::timestamp - interval '8 hours') AT TIME ZONE 'UTC'
FROM "bank_statements" bs, jsonb_array_elements(bs."lines") l
WHERE l->'outcome'->>'kind' = 'kept';
