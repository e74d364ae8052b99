ALTER TABLE "remittances" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "remittances" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_one_payer" CHECK (num_nonnulls("remittances"."account_id", "remittances"."organisation_id") = 1);