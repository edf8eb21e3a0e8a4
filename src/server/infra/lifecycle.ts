/**
 * The steps of the app's start and stop that must run in a set order across modules, around the radio
 * engine and the job runner. A module's plugin adds its steps when the app is built; app.ts runs each
 * phase at its point (its onListen and onClose hooks). Anything a module starts or stops on its own, in
 * no particular order, is a plain Fastify hook in its plugin instead.
 *
 * Start, once the app listens: `listening` (always), then, unless the radio is not started,
 * `before-engine-start`, `engine-start`, `after-engine-start`. The job runner's start (before ready, or
 * in the background after listening) is followed by `jobs-started`, whose failures are only logged.
 * Stop: `before-engine-stop`, then `engine-stop` side by side with the job runner's stop, then
 * `after-engine-stop`; the database closes after all of them.
 */
export type LifecyclePhase =
  | 'listening'
  | 'before-engine-start'
  | 'engine-start'
  | 'after-engine-start'
  | 'jobs-started'
  | 'before-engine-stop'
  | 'engine-stop'
  | 'after-engine-stop';

export interface LifecycleStep {
  /** What the step does, for the log ("discord: the start-up sweep"). */
  what: string;
  run(): Promise<void> | void;
}

export class Lifecycle {
  private readonly phases = new Map<LifecyclePhase, LifecycleStep[]>();

  /** Add a step to a phase; steps of a phase run in the order they were added (MODULE_ORDER). */
  on(phase: LifecyclePhase, what: string, run: LifecycleStep['run']): void {
    const list = this.phases.get(phase) ?? [];
    list.push({ what, run });
    this.phases.set(phase, list);
  }

  steps(phase: LifecyclePhase): readonly LifecycleStep[] {
    return this.phases.get(phase) ?? [];
  }

  /** Run a phase's steps one after another; a step that throws stops the phase and rejects. */
  async run(phase: LifecyclePhase): Promise<void> {
    for (const step of this.steps(phase)) await step.run();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The start and stop steps modules add (infra/lifecycle.ts). */
    lifecycle: Lifecycle;
  }
}
