import type { BuiltinBackend } from '../../integrations/radio/builtin/builtin-backend';
import type { EngineElection } from './engine-election';

/** How long an instance whose engine failed to start leaves the lease to the others. */
const RETRY_AFTER_FAILED_START_MS = 60_000;

/**
 * Runs the built-in engine on this instance exactly while it holds the engine lease and the app
 * listens (docs/operations/several-instances.md#one-engine-elected): a new term starts the engine with
 * the term's token, a lost term stops it. Starts and stops happen one after another, in order.
 */
export class EngineRunner {
  /** The app listens and the radio may start (the lifecycle's engine-start has run). */
  private allowed = false;
  /** The term the engine was started in, or null while it is stopped. */
  private runningTerm: number | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly election: EngineElection,
    private readonly engine: BuiltinBackend,
    /** Starts the engine; resolves whether it runs. */
    private readonly start: () => Promise<boolean>,
    private readonly stopEngine: () => Promise<void>,
  ) {}

  /** Competes for the lease from the app's start (resolves after the first attempt). */
  campaign(): Promise<void> {
    return this.election.start({ onTaken: () => this.sync(), onLost: () => this.sync() });
  }

  /** The app listens: the engine may run (it starts now if this instance holds the lease). */
  allow(): Promise<void> {
    this.allowed = true;
    return this.sync();
  }

  /** Shutdown: the engine stops and the lease is given up, so another instance takes over at once. */
  async stop(): Promise<void> {
    this.allowed = false;
    await this.election.stop();
    await this.sync();
  }

  /** Brings the engine in line with the lease: started in the held term, or stopped. */
  private sync(): Promise<void> {
    this.chain = this.chain.then(async () => {
      const term = this.allowed ? this.election.term : null;
      if (term && this.runningTerm === term.term) return;
      if (this.runningTerm !== null) {
        this.runningTerm = null;
        await this.stopEngine();
      }
      if (!term) return;
      this.runningTerm = term.term;
      this.engine.adoptEngineToken(term.token);
      if ((await this.start()) || !this.election.competes) return;
      // It cannot run here: another eligible instance gets the lease at once, this one tries again later.
      void this.election.resign(RETRY_AFTER_FAILED_START_MS);
    });
    return this.chain;
  }
}
