ALTER TABLE "provider_transaction" DROP CONSTRAINT "provider_transaction_rolled_back_check";--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD CONSTRAINT "provider_transaction_rolled_back_check" CHECK (("provider_transaction"."rolled_back_by" is null or "provider_transaction"."kind" in ('bet', 'void_bet', 'win'))
        and ("provider_transaction"."kind" <> 'void_bet' or "provider_transaction"."rolled_back_by" is not null)
        and ("provider_transaction"."rolled_back_by" is null) = ("provider_transaction"."rolled_back_at" is null));