CREATE TABLE "member_note" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_note_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"text" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"operator_username" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_restriction" (
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"merchant_code" text NOT NULL,
	"reason" text NOT NULL,
	"restricted_by" uuid NOT NULL,
	"restricted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_restriction_member_id_kind_pk" PRIMARY KEY("member_id","kind"),
	CONSTRAINT "member_restriction_kind_check" CHECK ("member_restriction"."kind" in ('bonus', 'withdrawal'))
);
--> statement-breakpoint
CREATE TABLE "member_tag" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_tag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tag_link" (
	"member_id" uuid NOT NULL,
	"tag_id" integer NOT NULL,
	"added_by" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_tag_link_member_id_tag_id_pk" PRIMARY KEY("member_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "risk_signal" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_signal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"member_id" uuid NOT NULL,
	"other_member_id" uuid,
	"detail" jsonb NOT NULL,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"review_note" text,
	CONSTRAINT "risk_signal_kind_check" CHECK ("risk_signal"."kind" in ('referral_refused', 'bank_account_conflict')),
	CONSTRAINT "risk_signal_reviewed_check" CHECK (("risk_signal"."reviewed_at" is null) = ("risk_signal"."reviewed_by" is null) and ("risk_signal"."reviewed_at" is null) = ("risk_signal"."review_note" is null))
);
--> statement-breakpoint
ALTER TABLE "member_note" ADD CONSTRAINT "member_note_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_note" ADD CONSTRAINT "member_note_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_restriction" ADD CONSTRAINT "member_restriction_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_restriction" ADD CONSTRAINT "member_restriction_restricted_by_operator_id_fk" FOREIGN KEY ("restricted_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_link" ADD CONSTRAINT "member_tag_link_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_link" ADD CONSTRAINT "member_tag_link_tag_id_member_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."member_tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_link" ADD CONSTRAINT "member_tag_link_added_by_operator_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_signal" ADD CONSTRAINT "risk_signal_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_signal" ADD CONSTRAINT "risk_signal_other_member_id_member_id_fk" FOREIGN KEY ("other_member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_signal" ADD CONSTRAINT "risk_signal_reviewed_by_operator_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_note_member_idx" ON "member_note" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_tag_name_key" ON "member_tag" USING btree ("merchant_code",lower("name"));--> statement-breakpoint
CREATE INDEX "member_tag_link_tag_idx" ON "member_tag_link" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_signal_source_key" ON "risk_signal" USING btree ("merchant_code","source_key");--> statement-breakpoint
CREATE INDEX "risk_signal_merchant_created_idx" ON "risk_signal" USING btree ("merchant_code","created_at","id");--> statement-breakpoint
CREATE INDEX "risk_signal_merchant_kind_created_idx" ON "risk_signal" USING btree ("merchant_code","kind","created_at");--> statement-breakpoint
CREATE INDEX "risk_signal_member_idx" ON "risk_signal" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "risk_signal_other_member_idx" ON "risk_signal" USING btree ("other_member_id");--> statement-breakpoint
CREATE FUNCTION "member_note_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_note is append-only: a correction is a new note';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "member_note_no_change" BEFORE UPDATE OR DELETE ON "member_note"
  FOR EACH ROW EXECUTE FUNCTION "member_note_append_only"();--> statement-breakpoint
INSERT INTO "risk_signal" ("merchant_code", "kind", "member_id", "other_member_id", "detail", "source_key", "created_at")
  SELECT c."merchant_code", 'referral_refused', c."member_id", c."referred_member_id",
    jsonb_build_object('reason', c."reason", 'promotionId', c."promotion_id", 'promotionCode', p."code"),
    'promotion_claim:' || c."id", c."updated_at"
  FROM "promotion_claim" c JOIN "promotion" p ON p."id" = c."promotion_id"
  WHERE c."status" = 'rejected' AND c."reason" LIKE 'REFERRAL\_%'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "risk_signal" ("merchant_code", "kind", "member_id", "other_member_id", "detail", "source_key", "created_at")
  SELECT "merchant_code", 'bank_account_conflict', "member_id", "owner_member_id",
    jsonb_build_object('bankCode', "bank_code"), 'bank_account_conflict:' || "id", "created_at"
  FROM "bank_account_conflict"
  ON CONFLICT DO NOTHING;
