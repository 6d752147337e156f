ALTER TABLE "game_provider" ADD COLUMN "protocol" text DEFAULT 'native' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_provider" ADD COLUMN "protocol_settings" text;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD COLUMN "requested_by" uuid;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD CONSTRAINT "provider_free_rounds_requested_by_operator_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD CONSTRAINT "provider_free_rounds_decided_by_operator_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_free_rounds_status_idx" ON "provider_free_rounds" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_free_rounds_key" ON "provider_free_rounds" USING btree ("merchant_code","idempotency_key");--> statement-breakpoint
ALTER TABLE "game_provider" ADD CONSTRAINT "game_provider_protocol_check" CHECK ("game_provider"."protocol" in ('native', 'hub88'));--> statement-breakpoint
ALTER TABLE "provider_free_rounds" ADD CONSTRAINT "provider_free_rounds_status_check" CHECK ("provider_free_rounds"."status" in ('pending', 'rejected', 'active', 'undelivered'));