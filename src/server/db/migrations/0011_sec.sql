CREATE TABLE "discord_interactions" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "discord_interactions_received_idx" ON "discord_interactions" USING btree ("received_at");