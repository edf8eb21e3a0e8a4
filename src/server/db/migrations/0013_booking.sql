CREATE TABLE "training_quiz_assignments" (
	"quiz_id" uuid NOT NULL,
	"trainee_id" text NOT NULL,
	"assigned_by" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_quiz_assignments_quiz_id_trainee_id_pk" PRIMARY KEY("quiz_id","trainee_id")
);
--> statement-breakpoint
CREATE TABLE "training_quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"trainee_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"answers" jsonb,
	"score" integer,
	"correct_count" integer,
	"session_id" uuid,
	CONSTRAINT "training_quiz_attempts_score_ck" CHECK ("training_quiz_attempts"."score" IS NULL OR "training_quiz_attempts"."score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "training_quizzes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" text,
	"title" text NOT NULL,
	"questions" jsonb NOT NULL,
	"time_limit_minutes" integer DEFAULT 30 NOT NULL,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"passing_score" integer DEFAULT 70 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "training_quiz_assignments" ADD CONSTRAINT "training_quiz_assignments_quiz_id_training_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."training_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_quiz_assignments" ADD CONSTRAINT "training_quiz_assignments_trainee_id_profiles_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_quiz_assignments" ADD CONSTRAINT "training_quiz_assignments_assigned_by_profiles_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_quiz_attempts" ADD CONSTRAINT "training_quiz_attempts_quiz_id_training_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."training_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_quiz_attempts" ADD CONSTRAINT "training_quiz_attempts_trainee_id_profiles_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_quiz_attempts" ADD CONSTRAINT "training_quiz_attempts_session_id_training_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."training_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_quizzes" ADD CONSTRAINT "training_quizzes_mentor_id_profiles_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_quiz_attempts_one_uq" ON "training_quiz_attempts" USING btree ("quiz_id","trainee_id");--> statement-breakpoint
CREATE INDEX "training_quizzes_mentor_idx" ON "training_quizzes" USING btree ("mentor_id");--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_one_time_ck" CHECK (("schedule_slots"."booking_type" = 'one_time') = ("schedule_slots"."specific_date" IS NOT NULL));--> statement-breakpoint
-- One booking per cell, now with one-off dates (written by hand: drizzle-kit cannot express it). Two
-- slots that are not rejected may not overlap on the same weekday (the minutes of the week they cover)
-- AND share a date: a weekly slot covers every date from starts_on (all dates when null); a one-off
-- covers its own date only. So a one-off meets a weekly slot of its weekday and one-offs of its date.
ALTER TABLE "schedule_slots" DROP CONSTRAINT "schedule_slots_no_overlap";--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_no_overlap" EXCLUDE USING gist (
  int4range(
    "day_of_week" * 1440 + split_part("start_time", ':', 1)::int * 60 + split_part("start_time", ':', 2)::int,
    "day_of_week" * 1440 + GREATEST(
      split_part("start_time", ':', 1)::int * 60 + split_part("start_time", ':', 2)::int,
      CASE WHEN "end_time" = '00:00' THEN 1440
           ELSE split_part("end_time", ':', 1)::int * 60 + split_part("end_time", ':', 2)::int END
    )
  ) WITH &&,
  daterange(
    CASE WHEN "specific_date" IS NULL THEN "starts_on" ELSE "specific_date" END,
    CASE WHEN "specific_date" IS NULL THEN NULL ELSE "specific_date" + 1 END
  ) WITH &&
) WHERE ("status" <> 'rejected');
