CREATE TABLE "affiliate_code" (
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"agent_member_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_code_merchant_code_code_pk" PRIMARY KEY("merchant_code","code")
);
--> statement-breakpoint
CREATE TABLE "captcha" (
	"id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempt" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_code" text NOT NULL,
	"account" text,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_key" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key_spki" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"username" text NOT NULL,
	"type" smallint NOT NULL,
	"password_hash" text,
	"payment_password_hash" text,
	"country_dialing_code" text,
	"mobile_num" text,
	"email" text,
	"nickname" text,
	"payee_name" text,
	"birthday" date,
	"id_number" text,
	"qq_num" text,
	"facebook" text,
	"wechat" text,
	"line" text,
	"whatsapp" text,
	"zalo" text,
	"recommender_id" text,
	"affiliate_code" text,
	"register_method" text,
	"register_url" text,
	"domain" text,
	"register_ip" text,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_type_check" CHECK ("member"."type" in (0, 1, 2, 4, 40, 41, 42)),
	CONSTRAINT "member_register_method_check" CHECK ("member"."register_method" is null or "member"."register_method" in ('APP', 'H5', 'PWA', 'WEBCLIP'))
);
--> statement-breakpoint
CREATE TABLE "member_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"first_time_login" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"device" text NOT NULL,
	"ip" text NOT NULL,
	CONSTRAINT "member_session_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "member_session_device_check" CHECK ("member_session"."device" in ('H5', 'OTHERS'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "password_reset_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "registration_field_rule" (
	"merchant_code" text NOT NULL,
	"field" text NOT NULL,
	"enabled" boolean NOT NULL,
	"required" boolean NOT NULL,
	CONSTRAINT "registration_field_rule_merchant_code_field_pk" PRIMARY KEY("merchant_code","field")
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_code" text NOT NULL,
	"purpose" text NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"delivered" boolean NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"resend_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_code_purpose_check" CHECK ("sms_code"."purpose" in ('register', 'login', 'resetPassword'))
);
--> statement-breakpoint
ALTER TABLE "affiliate_code" ADD CONSTRAINT "affiliate_code_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_code" ADD CONSTRAINT "affiliate_code_agent_member_id_member_id_fk" FOREIGN KEY ("agent_member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_session" ADD CONSTRAINT "member_session_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_token" ADD CONSTRAINT "password_reset_token_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_field_rule" ADD CONSTRAINT "registration_field_rule_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_code" ADD CONSTRAINT "sms_code_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_code_merchant_upper_key" ON "affiliate_code" USING btree ("merchant_code",upper("code"));--> statement-breakpoint
CREATE INDEX "captcha_expires_idx" ON "captcha" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_attempt_ip_idx" ON "login_attempt" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "login_attempt_account_idx" ON "login_attempt" USING btree ("merchant_code","account","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_merchant_username_key" ON "member" USING btree ("merchant_code",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "member_merchant_mobile_key" ON "member" USING btree ("merchant_code","country_dialing_code","mobile_num") WHERE "member"."mobile_num" is not null;--> statement-breakpoint
CREATE INDEX "member_merchant_email_idx" ON "member" USING btree ("merchant_code",lower("email"));--> statement-breakpoint
CREATE INDEX "member_register_ip_created_idx" ON "member" USING btree ("register_ip","created_at");--> statement-breakpoint
CREATE INDEX "member_session_member_idx" ON "member_session" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "password_reset_token_member_idx" ON "password_reset_token" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_code_mobile_created_idx" ON "sms_code" USING btree ("merchant_code","mobile","created_at");--> statement-breakpoint
CREATE INDEX "sms_code_ip_created_idx" ON "sms_code" USING btree ("ip","created_at");