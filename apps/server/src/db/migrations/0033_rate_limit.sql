-- The API rate limit shared by the server processes (docs/decisions/040-shared-rate-limits.md): a count per
-- client key and fixed window; the flushes delete windows older than two windows (by the index on their start).
CREATE TABLE "rate_limit_window" (
	"key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_window_key_window_start_pk" PRIMARY KEY("key","window_start"),
	CONSTRAINT "rate_limit_window_count_check" CHECK ("rate_limit_window"."count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "rate_limit_window_start_idx" ON "rate_limit_window" USING btree ("window_start");
