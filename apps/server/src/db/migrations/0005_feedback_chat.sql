CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"type" smallint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feedback_type_check" CHECK ("feedback"."type" in (1, 2, 3, 4, 6, 0))
);
--> statement-breakpoint
CREATE TABLE "feedback_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"comment" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "feedback_image_content_type_check" CHECK ("feedback_image"."content_type" in ('image/png', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "chat_access" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"member_read_id" bigint DEFAULT 0 NOT NULL,
	"operator_read_id" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_conversation_member_id_unique" UNIQUE("member_id")
);
--> statement-breakpoint
CREATE TABLE "chat_launch_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_live_host" (
	"merchant_code" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"active" boolean NOT NULL,
	"streaming" boolean NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "chat_live_host_merchant_code_id_pk" PRIMARY KEY("merchant_code","id")
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_message_sender_check" CHECK ("chat_message"."sender" in ('member', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_image" ADD CONSTRAINT "feedback_image_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_access" ADD CONSTRAINT "chat_access_session_id_member_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."member_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_launch_token" ADD CONSTRAINT "chat_launch_token_session_id_member_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."member_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_live_host" ADD CONSTRAINT "chat_live_host_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_conversation_id_chat_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_member_idx" ON "feedback" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_image_position_idx" ON "feedback_image" USING btree ("feedback_id","position");--> statement-breakpoint
CREATE INDEX "chat_access_expires_idx" ON "chat_access" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "chat_conversation_recent_idx" ON "chat_conversation" USING btree ("merchant_code","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_launch_token_expires_idx" ON "chat_launch_token" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "chat_message_conversation_idx" ON "chat_message" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_message_created_idx" ON "chat_message" USING btree ("created_at");