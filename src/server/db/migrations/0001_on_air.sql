CREATE TABLE "song_likes" (
	"user_id" text NOT NULL,
	"song_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_likes_user_id_song_id_pk" PRIMARY KEY("user_id","song_id")
);
--> statement-breakpoint
CREATE TABLE "song_plays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"played_by" text,
	"streamer_name" text,
	"play_source" text DEFAULT 'autodj' NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"album" text,
	"spotify_art_url" text,
	"art_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_chart" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week_ending" date NOT NULL,
	"chart_position" integer NOT NULL,
	"song_id" uuid,
	"song_title" text NOT NULL,
	"artist" text NOT NULL,
	"album_art" text,
	"play_count" integer NOT NULL,
	"weeks_in_chart" integer DEFAULT 1 NOT NULL,
	"position_change" integer DEFAULT 0 NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"presenter_id" text NOT NULL,
	"day_of_week" integer NOT NULL,
	"hour_slot" integer,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"show_name" text NOT NULL,
	"description" text,
	"specific_date" date,
	"booking_type" text DEFAULT 'weekly' NOT NULL,
	"is_recurring" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presenter_streaming_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"backend" text NOT NULL,
	"streamer_id" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_streamers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"display_name" text NOT NULL,
	"comments" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_streamers_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "song_likes" ADD CONSTRAINT "song_likes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_likes" ADD CONSTRAINT "song_likes_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_plays" ADD CONSTRAINT "song_plays_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_plays" ADD CONSTRAINT "song_plays_played_by_profiles_id_fk" FOREIGN KEY ("played_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_chart" ADD CONSTRAINT "weekly_chart_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_presenter_id_profiles_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presenter_streaming_accounts" ADD CONSTRAINT "presenter_streaming_accounts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_likes_song_idx" ON "song_likes" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "song_plays_played_at_idx" ON "song_plays" USING btree ("played_at");--> statement-breakpoint
CREATE INDEX "song_plays_song_idx" ON "song_plays" USING btree ("song_id");--> statement-breakpoint
CREATE UNIQUE INDEX "songs_title_artist_uq" ON "songs" USING btree (lower("title"),lower("artist"));--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_chart_week_pos_uq" ON "weekly_chart" USING btree ("week_ending","chart_position");--> statement-breakpoint
CREATE INDEX "schedule_slots_day_idx" ON "schedule_slots" USING btree ("day_of_week","start_time");