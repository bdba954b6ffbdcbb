-- Two indexes no query needs, written for every follower of a fan-out (issue 34, bench/notifications):
-- a customer's unread count reads their rows through customer_notifications_user_idx (user_id first),
-- and the back office's delivery counts read the whole table. Each was one more index entry per
-- notification or push, and the state one again when a push is sent.
DROP INDEX IF EXISTS "customer_notifications_unread_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "notification_deliveries_state_idx";
