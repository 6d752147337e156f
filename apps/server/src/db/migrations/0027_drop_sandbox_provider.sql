-- The sandbox provider's tables moved to its own database, in the sandboxes process (apps/sandboxes,
-- docs/decisions/036-sandboxes-process.md).
DROP TABLE "sandbox_fishing_shot" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_match" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_provider_session" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_slip" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_slot_spin" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_table_bet" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_table_round" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_wallet_call" CASCADE;