CREATE TABLE "listener_samples" (
	"sampled_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"listeners" integer NOT NULL,
	"on_air" boolean NOT NULL
);
