CREATE TABLE "dev_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dev_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"code" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_outbox_kind_check" CHECK ("dev_outbox"."kind" in ('sms', 'email', 'captcha'))
);
--> statement-breakpoint
CREATE TABLE "merchant" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"usernamereg3" boolean DEFAULT false NOT NULL,
	"mobilenumreg3" boolean DEFAULT false NOT NULL,
	"regmobverf3" boolean DEFAULT false NOT NULL,
	"mobilenumpassreg3" boolean DEFAULT false NOT NULL,
	"facebooklogin3" boolean DEFAULT false NOT NULL,
	"googlelogin3" boolean DEFAULT false NOT NULL,
	"mobilevercodelogin3" boolean DEFAULT false NOT NULL,
	"loginreqcaptcha3" boolean DEFAULT false NOT NULL,
	"cbs3" boolean DEFAULT false NOT NULL,
	"agentpolicy3" boolean DEFAULT false NOT NULL,
	"show_vip_benefit" boolean DEFAULT false NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_until" timestamp with time zone,
	"allowed_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"customer_service" jsonb NOT NULL,
	"domain_route" jsonb NOT NULL,
	"mobile_template" jsonb NOT NULL,
	"paths" jsonb NOT NULL,
	"register" jsonb NOT NULL,
	"resources" jsonb NOT NULL,
	"whitelabel" jsonb NOT NULL,
	"main_domain" text NOT NULL,
	"image_cdns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_outbox_created_at_idx" ON "dev_outbox" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);