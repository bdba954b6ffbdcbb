-- Every sale of a promo code now counts its use on the code's row, limited or not (issue 32 #19):
-- staff setting a limit read that count under the row's lock. Until now a code with no limit was not
-- counted, so its count starts from its live (held or used) redemptions. A code a race already took
-- past its limit keeps times_redeemed at the limit (the check promo_codes_within_max): it stays used up.
UPDATE "promo_codes" c SET "times_redeemed" = least(
  (SELECT count(*)::int FROM "promo_redemptions" r WHERE r."promo_code_id" = c."id" AND r."state" <> 'released'),
  coalesce(c."max_redemptions", 2147483647)
);
