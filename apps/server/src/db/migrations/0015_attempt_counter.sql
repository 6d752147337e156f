CREATE TABLE "attempt_counter" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_counter_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "attempt_counter_count_check" CHECK ("attempt_counter"."count" >= 0)
);
