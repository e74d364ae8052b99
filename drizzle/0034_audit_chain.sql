CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_hash" text DEFAULT '' NOT NULL,
	"sealed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"checked" jsonb,
	"reported_break" text
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- The chain's head: one row, from the start (docs/decisions/033-audit-chain.md).
INSERT INTO "audit_chain_head" ("id") VALUES (1);--> statement-breakpoint
-- Still append-only, with one exception: the start step seals, once, each row written before the
-- chain (sets its place and hashes and nothing else), until it records the sealing in the head.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.hash IS NULL AND NEW.hash IS NOT NULL
      AND (to_jsonb(NEW) - 'chain_seq' - 'prev_hash' - 'hash') = (to_jsonb(OLD) - 'chain_seq' - 'prev_hash' - 'hash')
      AND EXISTS (SELECT 1 FROM "audit_chain_head" WHERE "id" = 1 AND "sealed_at" IS NULL) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
