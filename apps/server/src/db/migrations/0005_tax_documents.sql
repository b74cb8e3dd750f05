CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_kind_fiscal_year_pk" PRIMARY KEY("kind","fiscal_year")
);
--> statement-breakpoint
CREATE TABLE "tax_document_prints" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"printed_by_user_id" text,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" text NOT NULL,
	"invoice_id" text,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_date_bs" text NOT NULL,
	"vat_registered" boolean NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"order_number" text NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping_amount" integer NOT NULL,
	"shipping_taxable" integer NOT NULL,
	"shipping_vat" integer NOT NULL,
	"taxable" integer NOT NULL,
	"vat" integer NOT NULL,
	"exempt" integer NOT NULL,
	"total" integer NOT NULL,
	"payment_method" text NOT NULL,
	"payment_reference" text,
	"reason" text,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_documents_total_consistent" CHECK ("tax_documents"."total" = "tax_documents"."taxable" + "tax_documents"."vat" + "tax_documents"."exempt")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_pan" text;--> statement-breakpoint
ALTER TABLE "tax_document_prints" ADD CONSTRAINT "tax_document_prints_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_prints" ADD CONSTRAINT "tax_document_prints_printed_by_user_id_users_id_fk" FOREIGN KEY ("printed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_document_prints_doc_idx" ON "tax_document_prints" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_kind_order_uq" ON "tax_documents" USING btree ("kind","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_kind_year_seq_uq" ON "tax_documents" USING btree ("kind","fiscal_year","sequence");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
-- An issued invoice or credit note never changes and is never deleted (docs/decisions/081).
CREATE FUNCTION "tax_documents_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax documents are never changed or deleted after issue' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_update_delete" BEFORE UPDATE OR DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "tax_documents_immutable"();--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_truncate" BEFORE TRUNCATE ON "tax_documents" FOR EACH STATEMENT EXECUTE FUNCTION "tax_documents_immutable"();--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict;
