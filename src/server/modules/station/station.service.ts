import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import { STATION_TEXTS } from '../../../shared/texts/station';
import type { AppContext } from '../../context';
import { AppError } from '../../infra/http/errors';
import {
  type RadioBackend,
  RadioBackendError,
  type RadioCommand,
  type StreamerInput,
  type StreamerPatch,
} from '../../integrations/radio/types';
import { profiles } from '../accounts/accounts.table';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { presenterStreamingAccounts } from './station.table';

type Ctx = Pick<AppContext, 'db' | 'log' | 'config'> & { station: { backend: RadioBackend } };

/** A backend's refusal, as the API tells it. */
export function fromBackendError(err: unknown, fallback: string): AppError {
  if (err instanceof RadioBackendError) {
    if (err.kind === 'unsupported') return new AppError('CONFLICT', err.message);
    if (err.kind === 'rejected') return new AppError('VALIDATION', err.message);
    return new AppError('UNAVAILABLE', err.message || fallback);
  }
  return new AppError('UNAVAILABLE', fallback);
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Generated presenter credentials: 'presenter-' + 4 random digits; 8 random uppercase alphanumerics. */
export function generateCredentials() {
  const username = `presenter-${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  let password = '';
  for (let i = 0; i < 8; i++) password += ALNUM[randomInt(0, ALNUM.length)];
  return { username, password };
}

export async function runCommand(ctx: Ctx, action: RadioCommand, actor: StaffActor = { system: 'The app' }) {
  // The engine is outside the database: the trail records each attempt and how it ended.
  const record = (ok: boolean) =>
    recordStaffAction(ctx.db, {
      actor,
      action: 'station.command',
      target: { type: 'station', id: null },
      summary: `${action[0].toUpperCase()}${action.slice(1)}${ok ? '' : ' (failed)'}`,
      before: null,
      after: { command: action, ok },
    });
  try {
    await ctx.station.backend.command(action);
  } catch (err) {
    ctx.log.warn({ err, action }, 'radio command failed');
    await record(false);
    throw fromBackendError(err, STATION_TEXTS.commandFailed(action));
  }
  await record(true);
  return { message: STATION_TEXTS.commandOk(action) };
}

export async function listStreamers(ctx: Ctx) {
  try {
    return await ctx.station.backend.listStreamers();
  } catch (err) {
    throw fromBackendError(err, 'Could not list streamer accounts.');
  }
}

export async function createStreamer(ctx: Ctx, input: StreamerInput) {
  try {
    return await ctx.station.backend.createStreamer(input);
  } catch (err) {
    throw fromBackendError(err, STATION_TEXTS.streamerCreateFailed);
  }
}

export async function updateStreamer(ctx: Ctx, id: string, patch: StreamerPatch) {
  try {
    return await ctx.station.backend.updateStreamer(id, patch);
  } catch (err) {
    throw fromBackendError(err, 'Could not update the streamer account.');
  }
}

export async function deleteStreamer(ctx: Ctx, id: string) {
  try {
    await ctx.station.backend.deleteStreamer(id);
    await ctx.db.delete(presenterStreamingAccounts).where(eq(presenterStreamingAccounts.streamerId, id));
  } catch (err) {
    throw fromBackendError(err, 'Could not delete the streamer account.');
  }
}

export async function getMyAccount(ctx: Pick<AppContext, 'db'>, userId: string) {
  const [row] = await ctx.db
    .select()
    .from(presenterStreamingAccounts)
    .where(eq(presenterStreamingAccounts.userId, userId));
  return row ?? null;
}

/**
 * Creates (or, when one exists, re-keys) the member's streaming account with generated credentials.
 * The password is returned once and stored only hashed (by the engine). `byPresenter`: the presenter
 * asked and sees it (false on promotion, when nobody does: their first visit to Stream Info makes it).
 */
export async function generateMyCredentials(ctx: Ctx, userId: string, { byPresenter = true } = {}) {
  const backend = ctx.station.backend;
  const existing = await getMyAccount(ctx, userId);
  const { password } = generateCredentials();
  const passwordChosen = byPresenter;
  try {
    if (existing && existing.backend === backend.kind) {
      await backend.updateStreamer(existing.streamerId, { password, isActive: true });
      await ctx.db
        .update(presenterStreamingAccounts)
        .set({ passwordChosen, updatedAt: new Date() })
        .where(eq(presenterStreamingAccounts.userId, userId));
      return { username: existing.username, password, passwordChosen };
    }
    const [p] = await ctx.db.select().from(profiles).where(eq(profiles.id, userId));
    for (let attempt = 0; attempt < 20; attempt++) {
      const { username } = generateCredentials();
      try {
        const account = await backend.createStreamer({
          username,
          password,
          displayName: displayNameOf({ fullName: p?.fullName, email: p?.email }),
          comments: 'Created by OnAir for this presenter',
          isActive: true,
        });
        await ctx.db
          .insert(presenterStreamingAccounts)
          .values({ userId, backend: backend.kind, streamerId: account.id, username, passwordChosen })
          .onConflictDoUpdate({
            target: presenterStreamingAccounts.userId,
            set: {
              backend: backend.kind,
              streamerId: account.id,
              username,
              passwordChosen,
              updatedAt: new Date(),
            },
          });
        return { username, password, passwordChosen };
      } catch (err) {
        if (
          err instanceof RadioBackendError &&
          err.kind === 'rejected' &&
          /exist|taken|duplicate|unique/i.test(err.message)
        )
          continue;
        throw err;
      }
    }
    throw new RadioBackendError('Could not find a free streaming username', 'unavailable');
  } catch (err) {
    ctx.log.warn({ err, userId }, 'generating streaming credentials failed');
    throw fromBackendError(err, STATION_TEXTS.credentialsFailed);
  }
}

/** On promotion to presenter: a streaming account when they have none. Failure is logged, never fatal. */
export async function ensureStreamingAccount(
  ctx: Ctx,
  userId: string,
): Promise<{ ok: boolean; error?: string }> {
  if (!ctx.station.backend.supports.streamers)
    return { ok: false, error: 'The radio backend has no streamer accounts.' };
  if (await getMyAccount(ctx, userId)) return { ok: true };
  try {
    await generateMyCredentials(ctx, userId, { byPresenter: false });
    return { ok: true };
  } catch (err) {
    ctx.log.warn({ err, userId }, 'could not create a streaming account for the new presenter');
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
