ALTER TABLE "media_playlists" ADD COLUMN "transition" text DEFAULT 'crossfade' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_playlists" ADD COLUMN "crossfade_seconds" double precision;--> statement-breakpoint
ALTER TABLE "media_tracks" ADD COLUMN "cue_in_seconds" double precision;--> statement-breakpoint
ALTER TABLE "media_tracks" ADD COLUMN "cue_out_seconds" double precision;--> statement-breakpoint
ALTER TABLE "media_tracks" ADD COLUMN "fade_in_seconds" double precision;--> statement-breakpoint
ALTER TABLE "media_tracks" ADD COLUMN "fade_out_seconds" double precision;--> statement-breakpoint
ALTER TABLE "media_playlists" ADD CONSTRAINT "media_playlists_transition_ck" CHECK ("media_playlists"."transition" in ('crossfade','jingle'));--> statement-breakpoint
ALTER TABLE "media_playlists" ADD CONSTRAINT "media_playlists_crossfade_ck" CHECK ("media_playlists"."crossfade_seconds" between 0 and 10);--> statement-breakpoint
ALTER TABLE "media_tracks" ADD CONSTRAINT "media_tracks_cue_ck" CHECK (coalesce("media_tracks"."cue_in_seconds", 0) >= 0 AND ("media_tracks"."cue_out_seconds" IS NULL OR "media_tracks"."cue_out_seconds" > coalesce("media_tracks"."cue_in_seconds", 0)));--> statement-breakpoint
ALTER TABLE "media_tracks" ADD CONSTRAINT "media_tracks_fade_ck" CHECK (coalesce("media_tracks"."fade_in_seconds", 0) >= 0 AND coalesce("media_tracks"."fade_out_seconds", 0) >= 0);