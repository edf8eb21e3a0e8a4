import { z } from 'zod';

/** The four figures of the admin dashboard and the analytics tab. Revenue is in pounds. */
export const AdminStats = z.object({
  totalUsers: z.number().int(),
  revenueGbp: z.number(),
  totalSongs: z.number().int(),
  totalPlays: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;

export const JobQueueStatus = z.object({
  name: z.string(),
  /** Waiting to run (created or waiting for a retry). */
  queued: z.number().int(),
  active: z.number().int(),
  /** Failed in the last 24 hours. */
  failed: z.number().int(),
  /** When a job of this queue last finished, if ever. */
  lastCompletedAt: z.string().nullable(),
});

export const OffAirSpan = z.object({ from: z.string(), to: z.string() });

/** An app instance seen on the database (docs/operations/several-instances.md). */
export const ClusterInstance = z.object({
  id: z.string(),
  hostname: z.string(),
  address: z.string(),
  version: z.string(),
  /** ENGINE on that instance, and whether it may run the built-in engine there. */
  engineMode: z.enum(['auto', 'on', 'off']),
  eligible: z.boolean(),
  startedAt: z.string(),
  heartbeatAt: z.string(),
  /** When it stopped cleanly; null while it runs (or if it died: its heartbeat then stops). */
  stoppedAt: z.string().nullable(),
  runsEngine: z.boolean(),
  /** The instance that answered this request. */
  isThis: z.boolean(),
});
export type ClusterInstance = z.infer<typeof ClusterInstance>;

/** Which instance runs the built-in engine, the instances seen, the last failover. */
export const ClusterStatus = z.object({
  engine: z
    .object({
      instanceId: z.string(),
      hostname: z.string().nullable(),
      /** When this instance took the lease (the engine's term began). */
      since: z.string(),
      term: z.number().int(),
      heartbeatAt: z.string(),
      /** False when the holder's lease has expired and no instance has taken it yet. */
      valid: z.boolean(),
    })
    .nullable(),
  instances: z.array(ClusterInstance),
  lastFailover: z
    .object({
      at: z.string(),
      from: z.string(),
      to: z.string(),
      cause: z.enum(['released', 'expired']),
    })
    .nullable(),
});
export type ClusterStatus = z.infer<typeof ClusterStatus>;

/** Measured when asked: nothing in it is a fixed text. */
export const SystemStatus = z.object({
  checkedAt: z.string(),
  database: z.object({ reachable: z.boolean(), latencyMs: z.number().nullable() }),
  engine: z.object({
    kind: z.enum(['builtin', 'azuracast', 'icecast', 'none']),
    configured: z.boolean(),
    onAir: z.boolean(),
    /** Since when the station has been on air (or off air), as this app instance observed it. */
    since: z.string().nullable(),
    /** The last interruption this instance saw (off air, then back on), ISO times; null if none. */
    lastOffAir: OffAirSpan.nullable(),
    isLive: z.boolean(),
    streamerName: z.string().nullable(),
  }),
  listeners: z.number().int(),
  jobs: z.object({
    /** running: this instance runs jobs; disabled: JOBS_ENABLED=false here; stopped: enabled but not running. */
    runner: z.enum(['running', 'stopped', 'disabled']),
    queues: z.array(JobQueueStatus),
  }),
  cardPayments: z.object({ configured: z.boolean() }),
  cluster: ClusterStatus,
});
export type SystemStatus = z.infer<typeof SystemStatus>;

export const Dashboard = z.object({ stats: AdminStats, status: SystemStatus });
export type Dashboard = z.infer<typeof Dashboard>;

/** Pushed to admins when the station goes on or off air. */
export const StationStatusEvent = z.object({
  onAir: z.boolean(),
  since: z.string(),
  lastOffAir: OffAirSpan.nullable(),
});
export type StationStatusEvent = z.infer<typeof StationStatusEvent>;

export const ListenerPoint = z.object({
  /** Start of the hour (UTC, ISO). */
  hour: z.string(),
  /** Null for an hour without samples (the site was down): a gap, not a zero. */
  average: z.number().nullable(),
  peak: z.number().int().nullable(),
});
export const PlaysPerDay = z.object({
  /** The station's calendar day, YYYY-MM-DD. */
  day: z.string(),
  plays: z.number().int(),
});
export const TopRequester = z.object({
  name: z.string(),
  /** True for a signed-in member; false for a visitor who gave a name. */
  member: z.boolean(),
  requests: z.number().int(),
});
export const ShowPeak = z.object({
  slotId: z.string(),
  showName: z.string(),
  presenterName: z.string(),
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  peakListeners: z.number().int(),
  averageListeners: z.number(),
  /** Minutes sampled while the show was on: 0 means no data yet. */
  samples: z.number().int(),
});

export const Analytics = z.object({
  stats: AdminStats,
  timezone: z.string(),
  listeners: z.array(ListenerPoint),
  playsPerDay: z.array(PlaysPerDay),
  topRequesters: z.array(TopRequester),
  showPeaks: z.array(ShowPeak),
});
export type Analytics = z.infer<typeof Analytics>;

/** Listener analytics over a chosen range (the Analytics page's audience section). */
export const AUDIENCE_RANGES = ['24h', '7d', '30d'] as const;
export const AudienceRange = z.enum(AUDIENCE_RANGES);
export type AudienceRange = z.infer<typeof AudienceRange>;
export const AudienceQuery = z.object({ range: AudienceRange.default('7d') });
export const AUDIENCE_TABLES = ['listeners', 'shows', 'clients', 'mounts'] as const;
export const AudienceCsvQuery = AudienceQuery.extend({ table: z.enum(AUDIENCE_TABLES) });

export const AudiencePoint = z.object({
  /** Start of the bucket (UTC, ISO). */
  at: z.string(),
  /** Null for a bucket without samples (the site was down): a gap, not a zero. */
  average: z.number().nullable(),
  peak: z.number().int().nullable(),
});
export const ShowAudience = z.object({
  /** "schedule": a weekly slot of the timetable (every week in the range); "live": one live session. */
  kind: z.enum(['schedule', 'live']),
  id: z.string(),
  showName: z.string(),
  presenterName: z.string(),
  /** Schedule: "Wed 14:00–16:00" (station time). Live: when it started (ISO). */
  when: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  peakListeners: z.number().int(),
  averageListeners: z.number(),
  listeningHours: z.number(),
  /** Minutes sampled while the show was on: 0 means no data. */
  samples: z.number().int(),
});
export const AudienceShare = z.object({
  /** A kind of client (browser, app, other) or a mount / HLS variant (e.g. /radio.mp3, hls/128). */
  name: z.string(),
  listeningHours: z.number(),
  /** Average listeners over the sampled minutes of the range. */
  averageListeners: z.number(),
  /** The most at once in one minute. */
  peakListeners: z.number().int(),
});
export const Audience = z.object({
  range: AudienceRange,
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  /** Minutes per point of `listeners`. */
  bucketMinutes: z.number().int(),
  listeners: z.array(AudiencePoint),
  peakListeners: z.number().int(),
  averageListeners: z.number(),
  /** Sum of the minute samples / 60. */
  listeningHours: z.number(),
  sampledMinutes: z.number().int(),
  shows: z.array(ShowAudience),
  byClient: z.array(AudienceShare),
  byMount: z.array(AudienceShare),
});
export type Audience = z.infer<typeof Audience>;

/** GET /api/admin/reports/listeners: the minute samples of a range. */
export const ExportRangeQuery = z.object({
  from: z.string().max(40).optional().describe('ISO 8601 start (inclusive)'),
  to: z.string().max(40).optional().describe('ISO 8601 end (exclusive)'),
});
export const ListenersExport = z.object({
  from: z.string(),
  to: z.string(),
  peak: z.number().int(),
  average: z.number(),
  samples: z.array(z.object({ at: z.string(), listeners: z.number().int() })),
});
export type ListenersExport = z.infer<typeof ListenersExport>;
