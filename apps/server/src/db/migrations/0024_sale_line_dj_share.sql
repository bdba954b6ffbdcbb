-- The DJ's revenue share in force when a sale was made, kept on its line (decision 0046): a later
-- change of share must not re-price past sales, what is owed, or closed months.
ALTER TABLE "sale_lines" ADD COLUMN "dj_share_percent" integer;--> statement-breakpoint
-- Lines sold before this migration: the share their DJ has now, the only one ever recorded.
UPDATE "sale_lines" l SET "dj_share_percent" = coalesce((SELECT d."revenue_share_percent" FROM "djs" d WHERE d."id" = l."dj_id"), 0);--> statement-breakpoint
ALTER TABLE "sale_lines" ALTER COLUMN "dj_share_percent" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_dj_share_range" CHECK ("dj_share_percent" BETWEEN 0 AND 100);--> statement-breakpoint
-- Filled by the database so every seller (buy_videos, ledger.sell, gifts, refunds) gets it without
-- knowing: a refund takes back at the share of the line it refunds, any other line takes its DJ's
-- share now, unless the seller gave one.
CREATE OR REPLACE FUNCTION sale_line_dj_share() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.refunds_line_id IS NOT NULL THEN
    SELECT dj_share_percent INTO NEW.dj_share_percent FROM sale_lines WHERE id = NEW.refunds_line_id;
  ELSIF NEW.dj_share_percent IS NULL THEN
    SELECT revenue_share_percent INTO NEW.dj_share_percent FROM djs WHERE id = NEW.dj_id;
  END IF;
  NEW.dj_share_percent := coalesce(NEW.dj_share_percent, 0);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sale_lines_dj_share" BEFORE INSERT ON "sale_lines" FOR EACH ROW EXECUTE FUNCTION sale_line_dj_share();
