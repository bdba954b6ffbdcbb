-- A contact message's language (the storefront's when it was sent, so a reply can be in it) and the
-- back office's last reply to it: what was written, when and by whom (issue 24 item 21). Every reply
-- is also in the audit log.
ALTER TABLE "contact_messages" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_language_known" CHECK ("contact_messages"."language" IN ('en', 'sw'));--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_by" integer REFERENCES "users"("id") ON DELETE set null;
