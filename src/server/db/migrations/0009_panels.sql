CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"description" text,
	"key_prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"request_count" bigint DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moderation_warnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"moderator_id" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presenter_ideas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"presenter_id" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presenter_statistics" (
	"presenter_id" text PRIMARY KEY NOT NULL,
	"total_shows" integer DEFAULT 0 NOT NULL,
	"total_hours" integer DEFAULT 0 NOT NULL,
	"shows_this_week" integer DEFAULT 0 NOT NULL,
	"shows_this_month" integer DEFAULT 0 NOT NULL,
	"average_rating" numeric(3, 2) DEFAULT '5' NOT NULL,
	"last_show_date" timestamp with time zone,
	"performance_notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"log_level" text NOT NULL,
	"component" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" text,
	"trainee_id" text NOT NULL,
	"session_type" text NOT NULL,
	"session_title" text,
	"notes" text,
	"rating" integer DEFAULT 5 NOT NULL,
	"session_date" date NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_sessions_rating_ck" CHECK ("training_sessions"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_warnings" ADD CONSTRAINT "moderation_warnings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_warnings" ADD CONSTRAINT "moderation_warnings_moderator_id_profiles_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presenter_ideas" ADD CONSTRAINT "presenter_ideas_presenter_id_profiles_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presenter_ideas" ADD CONSTRAINT "presenter_ideas_claimed_by_profiles_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presenter_statistics" ADD CONSTRAINT "presenter_statistics_presenter_id_profiles_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_mentor_id_profiles_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_trainee_id_profiles_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_uq" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "moderation_warnings_user_idx" ON "moderation_warnings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "presenter_ideas_status_idx" ON "presenter_ideas" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "system_logs_created_idx" ON "system_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "training_sessions_trainee_idx" ON "training_sessions" USING btree ("trainee_id");--> statement-breakpoint
CREATE INDEX "training_sessions_date_idx" ON "training_sessions" USING btree ("session_date");--> statement-breakpoint
CREATE INDEX "schedule_slots_presenter_idx" ON "schedule_slots" USING btree ("presenter_id");--> statement-breakpoint
-- One booking per cell, enforced by the database (drizzle-kit cannot express an exclusion constraint):
-- two slots that are not rejected may not overlap on the same weekday. Each slot is the range of
-- minutes of the week it covers (an end of 00:00 is midnight, the end of its day).
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_no_overlap" EXCLUDE USING gist (
  int4range(
    "day_of_week" * 1440 + split_part("start_time", ':', 1)::int * 60 + split_part("start_time", ':', 2)::int,
    "day_of_week" * 1440 + GREATEST(
      split_part("start_time", ':', 1)::int * 60 + split_part("start_time", ':', 2)::int,
      CASE WHEN "end_time" = '00:00' THEN 1440
           ELSE split_part("end_time", ':', 1)::int * 60 + split_part("end_time", ':', 2)::int END
    )
  ) WITH &&
) WHERE ("status" <> 'rejected');
