ALTER TABLE "game_vendor" ADD COLUMN "provider_code" text;--> statement-breakpoint
UPDATE "game_vendor" SET "provider_code" = 'sandbox' WHERE NOT ("vassalage" = 'BGS' AND "game_category" = 'RNG') AND "game_category" NOT IN ('LOTT', 'ELOTT');
