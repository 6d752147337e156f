CREATE TABLE "deposit_limit" (
	"member_id" uuid NOT NULL,
	"period" text NOT NULL,
	"amount" bigint,
	"pending_amount" bigint,
	"pending_effective_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_limit_member_id_period_pk" PRIMARY KEY("member_id","period"),
	CONSTRAINT "deposit_limit_period_check" CHECK ("deposit_limit"."period" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "deposit_limit_amount_check" CHECK ("deposit_limit"."amount" is null or "deposit_limit"."amount" > 0),
	CONSTRAINT "deposit_limit_pending_check" CHECK (("deposit_limit"."pending_amount" is null or "deposit_limit"."pending_amount" > 0) and ("deposit_limit"."pending_effective_at" is not null or "deposit_limit"."pending_amount" is null))
);
--> statement-breakpoint
CREATE TABLE "member_exclusion" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_exclusion_kind_check" CHECK ("member_exclusion"."kind" in ('time_out', 'self_exclusion')),
	CONSTRAINT "member_exclusion_period_check" CHECK ("member_exclusion"."period" in ('24h', '7d', '30d', '6m', '1y', '5y')),
	CONSTRAINT "member_exclusion_span_check" CHECK ("member_exclusion"."ends_at" > "member_exclusion"."started_at")
);
--> statement-breakpoint
CREATE TABLE "reality_check" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"interval_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reality_check_interval_check" CHECK ("reality_check"."interval_minutes" in (0, 15, 30, 60))
);
--> statement-breakpoint
ALTER TABLE "deposit_limit" ADD CONSTRAINT "deposit_limit_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_exclusion" ADD CONSTRAINT "member_exclusion_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reality_check" ADD CONSTRAINT "reality_check_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_exclusion_member_ends_idx" ON "member_exclusion" USING btree ("member_id","ends_at");