-- A push's or SMS's delivery row is written when it is sent, not when its notification is made
-- (issue 34: a row per follower at fan-out time was half of a fan-out's cost to a busy store). A
-- 'notify-send' job now carries what it sends: {"pushes": [[notification, subscription], ...], "sms": [notification, ...]}.
--
-- A delivery keeps the subscription it went to after that subscription is removed (no SET NULL): a
-- job run again finds it, and does not count a removed push twice.
ALTER TABLE "notification_deliveries" DROP CONSTRAINT IF EXISTS "notification_deliveries_subscription_id_fkey";--> statement-breakpoint
-- Pushes still queued for a subscription already gone: removed, as the sender would say.
UPDATE "notification_deliveries" SET "state" = 'removed', "error" = 'The subscription is gone.', "updated_at" = now()
  WHERE "state" = 'queued' AND "channel" = 'push' AND "subscription_id" IS NULL;--> statement-breakpoint
-- Jobs queued in the old form ({"deliveries": [ids]} or {"delivery": id}) say what they send in the new one.
UPDATE "media_jobs" j SET "payload" = (
  SELECT jsonb_build_object(
    'pushes', coalesce(jsonb_agg(jsonb_build_array(d."notification_id", d."subscription_id") ORDER BY d."id") FILTER (WHERE d."channel" = 'push'), '[]'::jsonb),
    'sms', coalesce(jsonb_agg(d."notification_id" ORDER BY d."id") FILTER (WHERE d."channel" = 'sms'), '[]'::jsonb))
  FROM "notification_deliveries" d
  WHERE d."state" = 'queued'
    AND d."id" IN (SELECT jsonb_array_elements_text(coalesce(j."payload" -> 'deliveries', jsonb_build_array(j."payload" -> 'delivery')))::integer))
WHERE j."kind" = 'notify-send' AND j."state" IN ('queued', 'running') AND (j."payload" ? 'deliveries' OR j."payload" ? 'delivery');
