-- quiet_hours_end(start, finish, at): when something due at `at` may be pushed or texted to a customer
-- whose quiet hours run from `start` to `finish` ('HH:MM', Nairobi time; either null: none): `at`
-- itself outside them, else the end of the quiet hours it falls in (CONTRACT §15). A window may
-- cross midnight (22:00 to 07:00). Written for modules/notifications (migration 0030); its live definition is this file.
CREATE OR REPLACE FUNCTION quiet_hours_end(q_start text, q_end text, at timestamptz) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN q_start IS NULL OR q_end IS NULL OR q_start = q_end THEN at
    WHEN q_start::time < q_end::time THEN
      CASE WHEN l::time >= q_start::time AND l::time < q_end::time THEN (l::date + q_end::time) AT TIME ZONE 'Africa/Nairobi' ELSE at END
    WHEN l::time >= q_start::time THEN ((l::date + 1) + q_end::time) AT TIME ZONE 'Africa/Nairobi'
    WHEN l::time < q_end::time THEN (l::date + q_end::time) AT TIME ZONE 'Africa/Nairobi'
    ELSE at
  END
  FROM (SELECT at AT TIME ZONE 'Africa/Nairobi' AS l) nairobi
$$;
