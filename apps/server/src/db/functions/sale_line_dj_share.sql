-- sale_line_dj_share(): its live definition, last written by migration 0024_sale_line_dj_share.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
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
$$;
