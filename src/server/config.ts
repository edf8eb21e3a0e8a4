import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the app reads, parsed in one place. `.env.example` mirrors this file.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address people use to reach the site; sets cookie and origin checks. */
  BASE_URL: z.url().optional(),
  /** Extra origins allowed to send cookie-bearing requests (comma-separated). */
  TRUSTED_ORIGINS: z.string().default(''),
  /** Where the embedded database, uploads and the generated auth secret live. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL connection string; when set, the app uses it instead of the embedded database. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Take a backup (DATA_DIR/backups/before-upgrade-….tar.gz) before applying new migrations at start.
   * Default: on for the embedded database, off for PostgreSQL (back that up with its own tools or
   * `npm run backup`).
   */
  BACKUP_BEFORE_MIGRATE: bool.optional(),
  /** Secret for signing sessions. Generated into DATA_DIR on first start when not given. */
  AUTH_SECRET: z.string().min(32).optional(),
  /** Require a confirmed email before login. Needs SMTP_URL. */
  REQUIRE_EMAIL_CONFIRMATION: bool.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('OnAir <no-reply@localhost>'),
  /** Login and sign-up attempts allowed per client address per window. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Trust X-Forwarded-For from a reverse proxy (set when behind nginx, Caddy, a load balancer...). */
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The app's own lines kept in the system_logs table for the Developer section (whatever LOG_LEVEL says). */
  SYSTEM_LOG_LEVEL: z.enum(['warn', 'error', 'silent']).default('warn'),
  /** Days system log entries are kept. */
  SYSTEM_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Requests a minute one API key may make (bots reading the public API identify themselves with a key). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Run background jobs (pg-boss) in this instance. */
  JOBS_ENABLED: bool.default(true),
  /** Bearer token for GET /metrics; without it, /metrics answers direct connections from this machine only. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Serve the built web app from dist/web. */
  SERVE_WEB: bool.default(true),
  /** The built web app's folder (default dist/web, where `npm run build` puts it). */
  WEB_DIR: z.string().optional(),
  SITE_TITLE: z.string().default('OnAir Radio'),
  // --- Shared file storage (docs/operations/storage-s3.md) ---
  /** An S3-compatible bucket for uploads (and backups): every instance then serves every file. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lowercase letters, digits, dots, hyphens',
    )
    .optional(),
  /** A compatible server's address (MinIO, Garage, R2…); AWS S3 itself when empty. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Both or neither; neither uses the AWS SDK's usual sources (AWS_* variables, instance roles). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (host/bucket/key) instead of the host name: MinIO and most compatible servers need it. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  // --- Radio ---
  /** builtin | azuracast | icecast | none. Default: builtin when icecast2 and liquidsoap are installed, else none. */
  RADIO_BACKEND: z.enum(['builtin', 'azuracast', 'icecast', 'none']).optional(),
  /**
   * Whether this instance may run the built-in engine (docs/operations/several-instances.md): `auto` when
   * icecast2 and liquidsoap are installed, `on` (it must be able to), `off` (never: a follower). Instances
   * that may run it elect one holder through a lease in PostgreSQL.
   */
  ENGINE: z.enum(['auto', 'on', 'off']).default('auto'),
  /** The address other instances reach this one at (advertised in the database); default http://<host name>:PORT. */
  INSTANCE_URL: z.url().optional(),
  /** Audio files AutoDJ plays (built-in engine); watched for new files. */
  MUSIC_DIR: z.string().default('./music'),
  /** Where uploaded audio files are stored (content-addressed); default DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  /**
   * With S3_BUCKET, the engine's instance keeps a copy of the library's audio on its disk
   * (DATA_DIR/media-cache): at most this many megabytes, the least recently played leaving first.
   */
  MEDIA_CACHE_MB: z.coerce.number().int().min(64).default(4096),
  /** Address the built-in Icecast and Liquidsoap bind to. */
  STATION_BIND_ADDRESS: z.string().default('127.0.0.1'),
  ICECAST_PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  /** Where presenters connect their broadcasting software (like AzuraCast's 8005). */
  HARBOR_PORT: z.coerce.number().int().min(1).max(65535).default(8005),
  /**
   * The address Stream Info gives presenters for their software, `host` or `host:port`, when it is not
   * the site's host name and HARBOR_PORT: on several instances, the harbor proxy that follows the engine
   * (deploy/nginx-harbor.conf, docs/operations/several-instances.md).
   */
  HARBOR_PUBLIC_ADDRESS: z
    .string()
    .regex(
      /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?::\d{1,5})?$/,
      'a host name, optionally with :port (e.g. live.radio.example.org:8005)',
    )
    .refine((v) => !v.includes(':') || Number(v.split(':')[1]) <= 65535, 'the port must be 1 to 65535')
    .refine((v) => !v.includes(':') || Number(v.split(':')[1]) >= 1, 'the port must be 1 to 65535')
    .optional(),
  STATION_MOUNT: z
    .string()
    .regex(/^\/[\w.-]+$/)
    .default('/radio.mp3'),
  /**
   * The unprivileged user the engine runs as when the app runs as root: by default a user of its own,
   * created when missing (docs/operations/engine.md#the-engine-user).
   */
  STATION_USER: z.string().default('onair-engine'),
  /**
   * Where the engine's runtime folder goes when the app runs as root and STATION_USER cannot reach
   * DATA_DIR (a clone in a private home folder); the music is then mirrored there too.
   */
  STATION_RUNTIME_BASE: z.string().default('/var/lib/onair'),
  /** Public listen URL when listeners should not use the app's own /stream relay. */
  STREAM_PUBLIC_URL: z.url().optional(),
  /** An HLS playlist URL for iOS listeners, when the backend offers one. */
  STREAM_HLS_URL: z.url().optional(),
  /**
   * Origins (comma-separated, e.g. `https://cdn.example.org,https://images.example.org`) the pages may
   * also load images, audio and HLS from, besides the site and the configured radio hosts (the content
   * security policy; docs/operations/configuration.md).
   */
  CSP_EXTRA_ORIGINS: z.string().default(''),
  AZURACAST_URL: z.url().optional(),
  AZURACAST_API_KEY: z.string().optional(),
  AZURACAST_STATION: z.string().default('1'),
  /** Use AzuraCast's server-sent now-playing feed; otherwise the server polls every 10 s. */
  AZURACAST_SSE: bool.default(true),
  /** Base URL of an Icecast server whose status-json.xsl the icecast backend reads. */
  ICECAST_URL: z.url().optional(),
  ICECAST_STATUS_MOUNT: z.string().optional(),
  SPOTIFY_CLIENT_ID: z.string().optional(),
  SPOTIFY_CLIENT_SECRET: z.string().optional(),
  SPOTIFY_API_URL: z.url().default('https://api.spotify.com'),
  SPOTIFY_ACCOUNTS_URL: z.url().default('https://accounts.spotify.com'),
  /** The station's time zone: schedule slots are kept in it. */
  STATION_TIMEZONE: z.string().default('Europe/London'),
  SITE_DESCRIPTION: z.string().default('Your community radio station, live 24/7.'),
  /** Open event streams allowed per client address for visitors who are not signed in. */
  EVENT_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Open event streams allowed per signed-in member (per instance): one more ends their oldest. */
  EVENT_STREAMS_PER_MEMBER: z.coerce.number().int().min(1).default(10),
  // --- Discord ---
  /** Discord's API base. Webhook messages go to {this}/webhooks/{id}/{token}; tests point it at a fake. */
  DISCORD_API_URL: z.url().default('https://discord.com/api/v10'),
  /** The application's public key (hex): verifies the signed interactions Discord sends (the /link command). */
  DISCORD_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64-character hex public key of the Discord application')
    .optional(),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d{15,22}$/)
    .optional(),
  /** A bot token, used once at start to register the /link command (optional: it can be registered by hand). */
  DISCORD_BOT_TOKEN: z.string().optional(),
  // --- Card payments (Stripe Checkout) ---
  /** Stripe secret key (sk_live_… or sk_test_…). With STRIPE_WEBHOOK_SECRET it turns card payments on. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The signing secret (whsec_…) of the webhook endpoint BASE_URL/api/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe client calls (a test server in tests). */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** Twitch app credentials for the LIVE badges of community streamers (Helix, client credentials). */
  TWITCH_CLIENT_ID: z.string().optional(),
  TWITCH_CLIENT_SECRET: z.string().optional(),
  TWITCH_API_URL: z.url().default('https://api.twitch.tv'),
  TWITCH_AUTH_URL: z.url().default('https://id.twitch.tv'),
  /** How often the server asks Twitch who is live (seconds; 60 by default). */
  TWITCH_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
});

export type Config = z.infer<typeof ConfigSchema> & {
  baseUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  dataDir: string;
  backupBeforeMigrate: boolean;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.REQUIRE_EMAIL_CONFIRMATION && !c.SMTP_URL) {
    throw new Error(
      'Invalid configuration:\n  REQUIRE_EMAIL_CONFIRMATION needs SMTP_URL to send confirmation mail',
    );
  }
  const s3Problem = checkS3(c);
  if (s3Problem) throw new Error(`Invalid configuration:\n  ${s3Problem}`);
  const dataDir = path.resolve(c.DATA_DIR);
  const baseUrl = (c.BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  const base = new URL(baseUrl);
  const sameHost = [`${base.protocol}//localhost:${base.port}`, `${base.protocol}//127.0.0.1:${base.port}`];
  const trustedOrigins = [
    base.origin,
    ...(base.hostname === 'localhost' || base.hostname === '127.0.0.1' ? sameHost : []),
    ...c.TRUSTED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  ].filter((o, i, all) => all.indexOf(o) === i);
  return {
    ...c,
    dataDir,
    baseUrl,
    trustedOrigins,
    authSecret: c.AUTH_SECRET ?? persistentSecret(dataDir),
    backupBeforeMigrate: c.BACKUP_BEFORE_MIGRATE ?? !c.DATABASE_URL,
  };
}

function checkS3(c: z.infer<typeof ConfigSchema>): string | null {
  if (!c.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find((k) => c[k]);
    return stray ? `${stray} is set but S3_BUCKET is not: set the bucket too, or remove ${stray}` : null;
  }
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    return 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither';
  }
  return null;
}

/** A quick start needs no secret: one is generated once and kept beside the data. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
