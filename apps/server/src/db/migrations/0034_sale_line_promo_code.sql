-- The promo code that lowered a sale line (issue 32 #17): a receipt names it beside the line. Null on
-- a line no code lowered, and on every line sold before it was kept.
ALTER TABLE "sale_lines" ADD COLUMN IF NOT EXISTS "promo_code" text;
