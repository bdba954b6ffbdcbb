-- Follows, a customer's own notifications, their settings and Web Push (CONTRACT §15, issue 34).
CREATE TABLE "follows" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "dj_id" integer REFERENCES "djs"("id") ON DELETE cascade,
  "series_key" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "follows_one_target" CHECK (("dj_id" IS NULL) <> ("series_key" IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_dj_unique" ON "follows" USING btree ("user_id","dj_id") WHERE "dj_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_series_unique" ON "follows" USING btree ("user_id","series_key") WHERE "series_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "follows_dj_idx" ON "follows" USING btree ("dj_id") WHERE "dj_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "follows_series_idx" ON "follows" USING btree ("series_key") WHERE "series_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "customer_notifications" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "params" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "url" text NOT NULL,
  "video_id" integer REFERENCES "videos"("id") ON DELETE cascade,
  "dedupe_key" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "read_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "customer_notifications_dedupe_unique" ON "customer_notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "customer_notifications_user_idx" ON "customer_notifications" USING btree ("user_id","id" DESC);--> statement-breakpoint
CREATE INDEX "customer_notifications_unread_idx" ON "customer_notifications" USING btree ("user_id") WHERE "read_at" IS NULL;--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "notification_settings" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "quiet_start" text,
  "quiet_end" text,
  "kinds" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
  "id" serial PRIMARY KEY NOT NULL,
  "notification_id" integer NOT NULL REFERENCES "customer_notifications"("id") ON DELETE cascade,
  "channel" text NOT NULL,
  "subscription_id" integer REFERENCES "push_subscriptions"("id") ON DELETE set null,
  "state" text DEFAULT 'queued' NOT NULL,
  "send_after" timestamp with time zone DEFAULT now() NOT NULL,
  "error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_deliveries_channel_known" CHECK ("channel" IN ('push', 'sms')),
  CONSTRAINT "notification_deliveries_state_known" CHECK ("state" IN ('queued', 'sent', 'failed', 'removed'))
);--> statement-breakpoint
CREATE INDEX "notification_deliveries_notification_idx" ON "notification_deliveries" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_state_idx" ON "notification_deliveries" USING btree ("channel","state");
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.published AND NEW.video_path IS NOT NULL
     AND (TG_OP = 'INSERT' OR NOT (OLD.published AND OLD.video_path IS NOT NULL))
     AND (EXISTS (SELECT 1 FROM follows f WHERE f.dj_id = NEW.dj_id)
          OR (NEW.cartegory = 'series' AND EXISTS (SELECT 1 FROM follows f WHERE f.series_key = lower(NEW.title)))) THEN
    INSERT INTO media_jobs (kind, payload, priority) VALUES ('notify', jsonb_build_object('newVideo', NEW.id), 60);
    PERFORM pg_notify('store_jobs', 'notify');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "videos_published_notify" AFTER INSERT OR UPDATE OF "published", "video_path" ON "videos" FOR EACH ROW EXECUTE FUNCTION video_published();
