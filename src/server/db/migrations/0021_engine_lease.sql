CREATE TABLE "cluster_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"hostname" text NOT NULL,
	"version" text NOT NULL,
	"engine_mode" text NOT NULL,
	"eligible" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "engine_lease" (
	"id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"token" text NOT NULL,
	"term" integer NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"last_failover_at" timestamp with time zone,
	"last_failover_from" text,
	"last_failover_to" text,
	"last_failover_cause" text
);
