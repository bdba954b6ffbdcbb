-- pass_covers(): whether a pass's scope (CONTRACT §14) takes in a video, the one copy of that rule:
-- media access (modules/media/access.ts) and the passes module (video counts, offers) both ask it.
-- A plain SQL expression, so PostgreSQL inlines it into the queries that call it.
CREATE OR REPLACE FUNCTION pass_covers(p_kind text, p_value text, v_dj integer, v_genre integer, v_category text) RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE p_kind
    WHEN 'all' THEN true
    WHEN 'dj' THEN p_value = v_dj::text
    WHEN 'genre' THEN p_value = v_genre::text
    WHEN 'category' THEN p_value = v_category
    ELSE false
  END
$$;
