CREATE TABLE "sandbox_slot_spin" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"player_id" text NOT NULL,
	"request_key" text NOT NULL,
	"line_bet" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"spins" jsonb NOT NULL,
	"returned" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_slot_spin_status_check" CHECK ("sandbox_slot_spin"."status" in ('pending', 'settled', 'rolled-back'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_slot_spin" ADD CONSTRAINT "sandbox_slot_spin_session_id_sandbox_provider_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sandbox_provider_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_slot_spin_request_key" ON "sandbox_slot_spin" USING btree ("session_id","request_key");--> statement-breakpoint
CREATE INDEX "sandbox_slot_spin_status_idx" ON "sandbox_slot_spin" USING btree ("status","created_at");