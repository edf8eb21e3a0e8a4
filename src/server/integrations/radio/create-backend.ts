import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AzuraCastBackend } from './azuracast/azuracast-backend';
import { BuiltinBackend } from './builtin/builtin-backend';
import { isBuiltinEngineInstalled } from './builtin/supervisor';
import { IcecastBackend } from './icecast/icecast-backend';
import { NoneBackend } from './none';
import type { RadioBackend, RadioBackendKind } from './types';

/** RADIO_BACKEND, or builtin when icecast2 and liquidsoap are installed, else none. */
export function chooseBackendKind(config: Config): RadioBackendKind {
  if (config.RADIO_BACKEND) return config.RADIO_BACKEND;
  return isBuiltinEngineInstalled() ? 'builtin' : 'none';
}

/**
 * May this instance run the built-in engine (ENGINE, docs/operations/several-instances.md)? `auto`: when
 * icecast2 and liquidsoap are installed; `off`: never; `on`: it must, so a missing package is an error.
 */
export function engineMayRun(config: Config, backend: RadioBackendKind): boolean {
  if (config.ENGINE === 'off') return false;
  const installed = isBuiltinEngineInstalled();
  if (config.ENGINE === 'on' && (backend !== 'builtin' || !installed)) {
    throw new Error(
      backend !== 'builtin'
        ? `Invalid configuration:\n  ENGINE=on runs the built-in engine, but RADIO_BACKEND is ${backend}`
        : 'Invalid configuration:\n  ENGINE=on needs icecast2 and liquidsoap installed (apt-get install icecast2 liquidsoap)',
    );
  }
  return backend === 'builtin' && installed;
}

export function createRadioBackend(
  config: Config,
  deps: { db: Db; log: FastifyBaseLogger; engineToken: string },
): RadioBackend {
  const kind = chooseBackendKind(config);
  switch (kind) {
    case 'builtin':
      return new BuiltinBackend({
        config,
        db: deps.db,
        log: deps.log,
        appUrl: `http://127.0.0.1:${config.PORT}`,
        engineToken: deps.engineToken,
      });
    case 'azuracast':
      if (!config.AZURACAST_URL) throw new Error('RADIO_BACKEND=azuracast needs AZURACAST_URL');
      return new AzuraCastBackend({
        baseUrl: config.AZURACAST_URL,
        apiKey: config.AZURACAST_API_KEY,
        station: config.AZURACAST_STATION,
        useSse: config.AZURACAST_SSE,
        log: deps.log,
        streamUrl: config.STREAM_PUBLIC_URL,
        hlsUrl: config.STREAM_HLS_URL,
      });
    case 'icecast':
      if (!config.ICECAST_URL) throw new Error('RADIO_BACKEND=icecast needs ICECAST_URL');
      return new IcecastBackend({
        baseUrl: config.ICECAST_URL,
        mount: config.ICECAST_STATUS_MOUNT,
        streamUrl: config.STREAM_PUBLIC_URL,
        hlsUrl: config.STREAM_HLS_URL,
        log: deps.log,
      });
    default:
      return new NoneBackend();
  }
}
