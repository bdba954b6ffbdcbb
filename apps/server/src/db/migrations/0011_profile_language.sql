-- The language a customer chose (CONTRACT §9): 'en' or 'sw'; null until they choose one.
ALTER TABLE "profiles" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_language_known" CHECK ("profiles"."language" IN ('en', 'sw'));