CREATE TABLE "media_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"library_version" bigint DEFAULT 0 NOT NULL,
	"play_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_playlists" ADD COLUMN "last_played_at" timestamp with time zone;--> statement-breakpoint
INSERT INTO "media_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION media_library_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE media_state SET library_version = library_version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_tracks_changed AFTER INSERT OR UPDATE OR DELETE ON media_tracks
  FOR EACH STATEMENT EXECUTE FUNCTION media_library_changed();
--> statement-breakpoint
CREATE TRIGGER media_playlists_changed AFTER INSERT OR DELETE OR UPDATE OF name, kind, weight, every, minute, schedule, show_slot_id, play_order, enabled, updated_at ON media_playlists
  FOR EACH STATEMENT EXECUTE FUNCTION media_library_changed();
--> statement-breakpoint
CREATE TRIGGER media_playlist_tracks_changed AFTER INSERT OR DELETE OR UPDATE OF playlist_id, track_id, position ON media_playlist_tracks
  FOR EACH STATEMENT EXECUTE FUNCTION media_library_changed();
--> statement-breakpoint
CREATE TRIGGER media_banned_songs_changed AFTER INSERT OR UPDATE OR DELETE ON banned_songs
  FOR EACH STATEMENT EXECUTE FUNCTION media_library_changed();
