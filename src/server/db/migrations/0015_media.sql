CREATE TABLE "media_playlist_tracks" (
	"playlist_id" uuid NOT NULL,
	"track_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"played_in_pass" boolean DEFAULT false NOT NULL,
	CONSTRAINT "media_playlist_tracks_playlist_id_track_id_pk" PRIMARY KEY("playlist_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "media_playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"weight" integer DEFAULT 3 NOT NULL,
	"every" integer,
	"minute" integer,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_slot_id" uuid,
	"play_order" text DEFAULT 'shuffle' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_playlists_kind_ck" CHECK ("media_playlists"."kind" in ('rotation','every_n_songs','every_n_minutes','hourly_at','scheduled')),
	CONSTRAINT "media_playlists_order_ck" CHECK ("media_playlists"."play_order" in ('random','shuffle','sequential')),
	CONSTRAINT "media_playlists_weight_ck" CHECK ("media_playlists"."weight" between 1 and 25)
);
--> statement-breakpoint
CREATE TABLE "media_plays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"track_id" uuid NOT NULL,
	"playlist_id" uuid,
	"artist" text NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"track_id" uuid NOT NULL,
	"playlist_id" uuid,
	"request_id" uuid,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"path" text NOT NULL,
	"content_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"origin" text DEFAULT 'upload' NOT NULL,
	"format" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"album" text,
	"year" integer,
	"genre" text,
	"isrc" text,
	"duration_ms" integer NOT NULL,
	"art_url" text,
	"loudness_lufs" double precision,
	"remove_after_air" boolean DEFAULT false NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_playlist_tracks" ADD CONSTRAINT "media_playlist_tracks_playlist_id_media_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."media_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_playlist_tracks" ADD CONSTRAINT "media_playlist_tracks_track_id_media_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."media_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_playlists" ADD CONSTRAINT "media_playlists_show_slot_id_schedule_slots_id_fk" FOREIGN KEY ("show_slot_id") REFERENCES "public"."schedule_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_plays" ADD CONSTRAINT "media_plays_track_id_media_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."media_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_plays" ADD CONSTRAINT "media_plays_playlist_id_media_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."media_playlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_queue" ADD CONSTRAINT "media_queue_track_id_media_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."media_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_queue" ADD CONSTRAINT "media_queue_playlist_id_media_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."media_playlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_tracks" ADD CONSTRAINT "media_tracks_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_tracks" ADD CONSTRAINT "media_tracks_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_playlist_tracks_track_idx" ON "media_playlist_tracks" USING btree ("track_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_playlists_name_uq" ON "media_playlists" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "media_plays_played_at_idx" ON "media_plays" USING btree ("played_at");--> statement-breakpoint
CREATE INDEX "media_plays_track_idx" ON "media_plays" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "media_queue_position_idx" ON "media_queue" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "media_tracks_hash_uq" ON "media_tracks" USING btree ("content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "media_tracks_path_uq" ON "media_tracks" USING btree ("path");--> statement-breakpoint
CREATE INDEX "media_tracks_song_idx" ON "media_tracks" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "media_tracks_title_idx" ON "media_tracks" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "media_tracks_artist_idx" ON "media_tracks" USING btree (lower("artist"));--> statement-breakpoint
CREATE INDEX "media_tracks_created_idx" ON "media_tracks" USING btree ("created_at");