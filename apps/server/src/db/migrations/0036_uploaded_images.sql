CREATE TABLE "uploaded_image" (
	"merchant_code" text NOT NULL,
	"id" text NOT NULL,
	"data" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" uuid,
	"created_by_username" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "uploaded_image_merchant_code_id_pk" PRIMARY KEY("merchant_code","id"),
	CONSTRAINT "uploaded_image_id_check" CHECK ("uploaded_image"."id" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "uploaded_image_size_check" CHECK ("uploaded_image"."width" > 0 and "uploaded_image"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "content_banner" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "uploaded_image" ADD CONSTRAINT "uploaded_image_merchant_code_merchant_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchant"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_image" ADD CONSTRAINT "uploaded_image_created_by_operator_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operator"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_banner" ADD CONSTRAINT "content_banner_image_fk" FOREIGN KEY ("merchant_code","image_id") REFERENCES "public"."uploaded_image"("merchant_code","id") ON DELETE no action ON UPDATE no action;