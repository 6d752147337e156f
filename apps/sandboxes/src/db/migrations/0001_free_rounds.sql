CREATE TABLE "sandbox_free_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"game_id" text NOT NULL,
	"rounds" integer NOT NULL,
	"round_value" bigint NOT NULL,
	"currency" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_free_rounds_rounds_check" CHECK ("sandbox_free_rounds"."rounds" between 1 and 1000),
	CONSTRAINT "sandbox_free_rounds_used_check" CHECK ("sandbox_free_rounds"."used" between 0 and "sandbox_free_rounds"."rounds"),
	CONSTRAINT "sandbox_free_rounds_value_check" CHECK ("sandbox_free_rounds"."round_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_slot_spin" ADD COLUMN "free_rounds_id" uuid;--> statement-breakpoint
CREATE INDEX "sandbox_free_rounds_player_idx" ON "sandbox_free_rounds" USING btree ("player_id","game_id","created_at");--> statement-breakpoint
ALTER TABLE "sandbox_slot_spin" ADD CONSTRAINT "sandbox_slot_spin_free_rounds_id_sandbox_free_rounds_id_fk" FOREIGN KEY ("free_rounds_id") REFERENCES "public"."sandbox_free_rounds"("id") ON DELETE no action ON UPDATE no action;