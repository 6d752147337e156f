CREATE TABLE "announcement" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"group_name" text,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_type_check" CHECK ("announcement"."type" in ('A', 'PL', 'B', 'PU', 'PR'))
);
--> statement-breakpoint
CREATE TABLE "announcement_read" (
	"member_id" uuid NOT NULL,
	"announcement_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcement_read_member_id_announcement_id_pk" PRIMARY KEY("member_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "content_banner" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_banner_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"key" text NOT NULL,
	"group_name" text NOT NULL,
	"title" jsonb NOT NULL,
	"subtitle" jsonb NOT NULL,
	"motif" text NOT NULL,
	"colour" text NOT NULL,
	"accent" text NOT NULL,
	"link_url" text,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_banner_group_check" CHECK ("content_banner"."group_name" in ('m_home', 'm_live', 'm_popup', 'm_newgame', 'm_leftmenu')),
	CONSTRAINT "content_banner_motif_check" CHECK ("content_banner"."motif" in ('coins', 'cards', 'lottery', 'live', 'gift', 'trophy', 'dragon'))
);
--> statement-breakpoint
CREATE TABLE "help_item" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"key" text NOT NULL,
	"tag" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"devices" text[] DEFAULT '{MOBILE,WEB}'::text[] NOT NULL,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_item_devices_check" CHECK ("help_item"."devices" <@ array['MOBILE', 'WEB']::text[])
);
--> statement-breakpoint
CREATE TABLE "help_topic" (
	"merchant_code" text NOT NULL,
	"tag" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "help_topic_merchant_code_tag_pk" PRIMARY KEY("merchant_code","tag")
);
--> statement-breakpoint
CREATE TABLE "inbox_message" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"member_id" uuid NOT NULL,
	"welcome_key" text,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_head_icon" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"head_icon_id" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_head_icon_id_check" CHECK ("member_head_icon"."head_icon_id" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "site_link" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"url" text,
	"social_type" text,
	"colour" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "site_link_kind_check" CHECK ("site_link"."kind" in ('partner', 'badge', 'social')),
	CONSTRAINT "site_link_social_type_check" CHECK ("site_link"."social_type" is null or "site_link"."social_type" in ('Facebook', 'Telegram', 'Telegram2'))
);
--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_read" ADD CONSTRAINT "announcement_read_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_read" ADD CONSTRAINT "announcement_read_announcement_id_announcement_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_banner" ADD CONSTRAINT "content_banner_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_item" ADD CONSTRAINT "help_item_topic_fk" FOREIGN KEY ("merchant_code","tag") REFERENCES "public"."help_topic"("merchant_code","tag") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_topic" ADD CONSTRAINT "help_topic_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_message" ADD CONSTRAINT "inbox_message_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_message" ADD CONSTRAINT "inbox_message_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_head_icon" ADD CONSTRAINT "member_head_icon_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_link" ADD CONSTRAINT "site_link_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_merchant_key" ON "announcement" USING btree ("merchant_code","key");--> statement-breakpoint
CREATE INDEX "announcement_merchant_published_idx" ON "announcement" USING btree ("merchant_code","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_banner_merchant_key" ON "content_banner" USING btree ("merchant_code","key");--> statement-breakpoint
CREATE INDEX "content_banner_group_sort_idx" ON "content_banner" USING btree ("merchant_code","group_name","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "help_item_merchant_key" ON "help_item" USING btree ("merchant_code","key");--> statement-breakpoint
CREATE INDEX "help_item_tag_sort_idx" ON "help_item" USING btree ("merchant_code","tag","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_message_member_welcome_key" ON "inbox_message" USING btree ("member_id","welcome_key") WHERE "inbox_message"."welcome_key" is not null;--> statement-breakpoint
CREATE INDEX "inbox_message_member_sent_idx" ON "inbox_message" USING btree ("member_id","sent_at") WHERE "inbox_message"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inbox_message_member_unread_idx" ON "inbox_message" USING btree ("member_id") WHERE "inbox_message"."deleted_at" is null and "inbox_message"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "site_link_merchant_kind_key" ON "site_link" USING btree ("merchant_code","kind","key");