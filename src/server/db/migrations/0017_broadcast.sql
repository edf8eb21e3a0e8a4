CREATE TABLE "listener_audience_samples" (
	"sampled_at" timestamp with time zone NOT NULL,
	"mount" text NOT NULL,
	"client_kind" text NOT NULL,
	"listeners" integer NOT NULL,
	CONSTRAINT "listener_audience_samples_sampled_at_mount_client_kind_pk" PRIMARY KEY("sampled_at","mount","client_kind")
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_session_id" uuid,
	"presenter_id" text,
	"show_title" text NOT NULL,
	"presenter_name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"byte_size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text DEFAULT 'audio/mpeg' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recordings_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"streamer_username" text NOT NULL,
	"presenter_id" text,
	"slot_id" uuid,
	"show_title" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"format" text,
	"bitrate" integer
);
--> statement-breakpoint
ALTER TABLE "song_plays" ADD COLUMN "listeners" integer;--> statement-breakpoint
ALTER TABLE "song_plays" ADD COLUMN "playlist_name" text;--> statement-breakpoint
ALTER TABLE "song_plays" ADD COLUMN "show_title" text;--> statement-breakpoint
ALTER TABLE "song_plays" ADD COLUMN "media_track_id" uuid;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_live_session_id_live_sessions_id_fk" FOREIGN KEY ("live_session_id") REFERENCES "public"."live_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_presenter_id_profiles_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_presenter_id_profiles_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_slot_id_schedule_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."schedule_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recordings_started_idx" ON "recordings" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "recordings_presenter_idx" ON "recordings" USING btree ("presenter_id");--> statement-breakpoint
CREATE INDEX "live_sessions_started_idx" ON "live_sessions" USING btree ("started_at");