import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client';
import { fromRoot } from '../../paths';

/** How often an instance writes its heartbeat into cluster_instances. */
export const INSTANCE_HEARTBEAT_MS = 5_000;
/** Instances not heard from for this long are no longer listed. */
const LISTED_FOR_MS = 24 * 3_600_000;

export interface InstanceInfo {
  id: string;
  address: string;
  hostname: string;
  version: string;
  engineMode: 'auto' | 'on' | 'off';
  /** May this instance run the built-in engine (ENGINE and the packages)? */
  eligible: boolean;
}

export interface SeenInstance extends InstanceInfo {
  startedAt: Date;
  heartbeatAt: Date;
  stoppedAt: Date | null;
}

function readPackageVersion(): string {
  try {
    return (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** This process's identity on the database: a new id at every start. */
export function describeThisInstance(p: {
  instanceUrl: string | undefined;
  port: number;
  engineMode: InstanceInfo['engineMode'];
  eligible: boolean;
}): InstanceInfo {
  const hostname = os.hostname();
  return {
    id: randomUUID(),
    address: p.instanceUrl ?? `http://${hostname}:${p.port}`,
    hostname,
    version: readPackageVersion(),
    engineMode: p.engineMode,
    eligible: p.eligible,
  };
}

/**
 * Keeps this instance's row in cluster_instances (its address, version and heartbeat), for the admin's
 * System status and for followers that reach the engine's instance.
 */
export class InstanceRegistry {
  private timer: NodeJS.Timeout | null = null;
  private startedAt = new Date();

  constructor(
    private readonly dbh: DbHandle,
    readonly self: InstanceInfo,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.startedAt = new Date();
    await this.beat();
    this.timer = setInterval(() => {
      void this.beat().catch((err) => this.log.warn({ err }, 'cluster: the instance heartbeat failed'));
    }, INSTANCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    const s = this.self;
    await this.dbh.query(
      `INSERT INTO cluster_instances (id, address, hostname, version, engine_mode, eligible, started_at, heartbeat_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), stopped_at = NULL`,
      [s.id, s.address, s.hostname, s.version, s.engineMode, s.eligible, this.startedAt],
    );
  }

  /** A clean stop: the row says so (and when). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.dbh
      .query('UPDATE cluster_instances SET stopped_at = now() WHERE id = $1', [this.self.id])
      .catch((err) => this.log.warn({ err }, 'cluster: could not mark this instance stopped'));
  }
}

/** The instances heard from in the last day, the most recent heartbeat first. */
export async function listInstances(dbh: DbHandle): Promise<SeenInstance[]> {
  const { rows } = await dbh.query<{
    id: string;
    address: string;
    hostname: string;
    version: string;
    engine_mode: InstanceInfo['engineMode'];
    eligible: boolean;
    started_at: Date | string;
    heartbeat_at: Date | string;
    stopped_at: Date | string | null;
  }>(
    `SELECT id, address, hostname, version, engine_mode, eligible, started_at, heartbeat_at, stopped_at
       FROM cluster_instances WHERE heartbeat_at > now() - $1::interval
      ORDER BY heartbeat_at DESC LIMIT 50`,
    [`${LISTED_FOR_MS} milliseconds`],
  );
  return rows.map((r) => ({
    id: r.id,
    address: r.address,
    hostname: r.hostname,
    version: r.version,
    engineMode: r.engine_mode,
    eligible: r.eligible,
    startedAt: new Date(r.started_at),
    heartbeatAt: new Date(r.heartbeat_at),
    stoppedAt: r.stopped_at ? new Date(r.stopped_at) : null,
  }));
}
