ALTER TABLE "lottery_draw" DROP CONSTRAINT "lottery_draw_status_check";--> statement-breakpoint
ALTER TABLE "lottery_draw" DROP CONSTRAINT "lottery_draw_result_check";--> statement-breakpoint
ALTER TABLE "game" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "game_vendor" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_draw" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery_draw" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "lottery_draw" ADD CONSTRAINT "lottery_draw_void_check" CHECK (("lottery_draw"."status" = 'void') = ("lottery_draw"."voided_at" is not null));--> statement-breakpoint
ALTER TABLE "lottery_draw" ADD CONSTRAINT "lottery_draw_status_check" CHECK ("lottery_draw"."status" in ('scheduled', 'drawn', 'settled', 'void'));--> statement-breakpoint
ALTER TABLE "lottery_draw" ADD CONSTRAINT "lottery_draw_result_check" CHECK (("lottery_draw"."status" in ('scheduled', 'void')) = ("lottery_draw"."result" is null));