CREATE TABLE "agent_contract" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"terms" jsonb NOT NULL,
	"offered_by" text NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "agent_contract_kind_check" CHECK ("agent_contract"."kind" in ('salary', 'dividend', 'hourly')),
	CONSTRAINT "agent_contract_status_check" CHECK ("agent_contract"."status" in ('pending', 'accepted', 'refused', 'superseded')),
	CONSTRAINT "agent_contract_answer_check" CHECK (("agent_contract"."status" in ('accepted', 'refused')) = ("agent_contract"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "agent_contract" ADD CONSTRAINT "agent_contract_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract" ADD CONSTRAINT "agent_contract_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_pending_key" ON "agent_contract" USING btree ("member_id","kind") WHERE "agent_contract"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "agent_contract_member_kind_idx" ON "agent_contract" USING btree ("member_id","kind","offered_at");