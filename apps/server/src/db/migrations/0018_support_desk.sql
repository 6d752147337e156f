CREATE TABLE "inbox_send" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_send_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"audience" text NOT NULL,
	"vip_level" integer,
	"member_id" uuid,
	"member_username" text,
	"recipients" integer NOT NULL,
	"operator_id" uuid,
	"operator_username" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inbox_send_audience_check" CHECK ("inbox_send"."audience" in ('all', 'vip', 'member'))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_message" ADD COLUMN "operator_id" uuid;--> statement-breakpoint
ALTER TABLE "inbox_send" ADD CONSTRAINT "inbox_send_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_send" ADD CONSTRAINT "inbox_send_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_send" ADD CONSTRAINT "inbox_send_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_send_merchant_sent_idx" ON "inbox_send" USING btree ("merchant_code","sent_at");--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_merchant_created_idx" ON "feedback" USING btree ("merchant_code","created_at");--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_status_check" CHECK ("feedback"."status" in ('new', 'in_progress', 'resolved'));