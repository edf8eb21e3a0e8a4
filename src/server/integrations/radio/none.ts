import {
  type EngineStatus,
  type RadioBackend,
  RadioBackendError,
  type RadioCommand,
  type StreamerAccount,
  type StreamerInput,
  type StreamerPatch,
} from './types';

const notConfigured = () => new RadioBackendError('The station is not configured', 'unsupported');

/** RADIO_BACKEND=none: the site runs without a station; the player says it is not configured. */
export class NoneBackend implements RadioBackend {
  readonly kind = 'none' as const;
  readonly streamUrl: string | null = null;
  readonly hlsUrl: string | null = null;
  readonly supports = { streamers: false, commands: false };

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  async status(): Promise<EngineStatus> {
    return {
      kind: 'none',
      configured: false,
      onAir: false,
      details: [
        { label: 'Station', value: 'Not configured: set RADIO_BACKEND (builtin, azuracast or icecast)' },
      ],
      listeners: 0,
      live: { isLive: false, streamerName: null },
    };
  }

  async audience() {
    return [];
  }

  async listStreamers(): Promise<StreamerAccount[]> {
    throw notConfigured();
  }

  async createStreamer(_input: StreamerInput): Promise<StreamerAccount> {
    throw notConfigured();
  }

  async updateStreamer(_id: string, _patch: StreamerPatch): Promise<StreamerAccount> {
    throw notConfigured();
  }

  async deleteStreamer(_id: string): Promise<void> {
    throw notConfigured();
  }

  async command(_action: RadioCommand): Promise<void> {
    throw notConfigured();
  }
}
