ALTER TABLE "game_vendor" ADD COLUMN "provider_code" text;--> statement-breakpoint
UPDATE "game_vendor" SET "provider_code" = 'sandbox' WHERE "vassalage" <> 'BGS' AND "game_category" NOT IN ('LOTT', 'ELOTT');
