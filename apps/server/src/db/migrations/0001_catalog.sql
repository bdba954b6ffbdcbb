CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"message" text NOT NULL,
	"sender_ip" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "djs" (
	"id" serial PRIMARY KEY NOT NULL,
	"dj_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"date_notified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"full_name" text NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"image_key" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"size" integer
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"season" text,
	"dj_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	"cartegory" text NOT NULL,
	"type" text NOT NULL,
	"price" integer NOT NULL,
	"synopsis" text DEFAULT '' NOT NULL,
	"poster_key" text,
	"video_path" text,
	"purchase_times" integer DEFAULT 0 NOT NULL,
	"date_uploaded" timestamp with time zone DEFAULT now() NOT NULL,
	"suggest" boolean DEFAULT false NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	CONSTRAINT "videos_price_not_negative" CHECK ("videos"."price" >= 0),
	CONSTRAINT "videos_purchase_times_not_negative" CHECK ("videos"."purchase_times" >= 0)
);
--> statement-breakpoint
ALTER TABLE "video_files" ADD CONSTRAINT "video_files_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_dj_id_djs_id_fk" FOREIGN KEY ("dj_id") REFERENCES "public"."djs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "djs_name_unique" ON "djs" USING btree (lower("dj_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "genres_title_unique" ON "genres" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "video_files_video_idx" ON "video_files" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "videos_date_uploaded_idx" ON "videos" USING btree ("date_uploaded" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_cartegory_date_idx" ON "videos" USING btree ("cartegory","date_uploaded" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_dj_date_idx" ON "videos" USING btree ("dj_id","date_uploaded" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_genre_date_idx" ON "videos" USING btree ("genre_id","date_uploaded" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_title_trgm_idx" ON "videos" USING gin ("title" gin_trgm_ops);