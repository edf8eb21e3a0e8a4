CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"is_staff_reply" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_number_unique" UNIQUE("number"),
	CONSTRAINT "support_tickets_category" CHECK ("support_tickets"."category" IN ('general', 'partnership', 'technical', 'other')),
	CONSTRAINT "support_tickets_priority" CHECK ("support_tickets"."priority" IN ('low', 'normal', 'high', 'urgent')),
	CONSTRAINT "support_tickets_status" CHECK ("support_tickets"."status" IN ('open', 'in_progress', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "discord_link_codes" (
	"discord_id" text PRIMARY KEY NOT NULL,
	"discord_username" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discord_link_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discord_link_guards" (
	"user_id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discord_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"lease_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"discord_message_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "discord_messages_status" CHECK ("discord_messages"."status" IN ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "discord_rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"blocked_until" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discord_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"webhook_url" text,
	"broken_at" timestamp with time zone,
	"broken_reason" text,
	"announce_live" boolean DEFAULT true NOT NULL,
	"announce_chart" boolean DEFAULT true NOT NULL,
	"announce_articles" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discord_settings_one_row" CHECK ("discord_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discord_link_failures" ADD CONSTRAINT "discord_link_failures_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discord_link_guards" ADD CONSTRAINT "discord_link_guards_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discord_messages" ADD CONSTRAINT "discord_messages_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_updated_idx" ON "support_tickets" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "discord_link_codes_hash_idx" ON "discord_link_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "discord_link_failures_user_idx" ON "discord_link_failures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "discord_messages_created_idx" ON "discord_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "discord_messages_pending_idx" ON "discord_messages" USING btree ("status","next_attempt_at") WHERE "discord_messages"."status" IN ('queued', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_discord_id_uq" ON "profiles" USING btree ("discord_id");