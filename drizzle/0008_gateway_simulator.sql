CREATE TABLE "simulator_trades" (
	"merchant_order_no" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"item_desc" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"customer_url" text NOT NULL,
	"client_back_url" text NOT NULL,
	"lang_type" text NOT NULL,
	"cvs" boolean NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"trade_no" text NOT NULL,
	"payment_type" text,
	"bank_code" text,
	"code_no" text,
	"code_expires_on" date,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
