/**
 * A value a module keeps for one running app (its own service: the station's now playing, the admin
 * monitor). The module's entry plugin (modules/<m>/index.ts) provides it when the app is built; the
 * module and the modules above it read it. The app context (context.ts) holds infrastructure only and
 * never learns of module services.
 *
 * One name per slot, `<thing>Slot`, used as it is:
 *   export const nowPlayingSlot = perApp<NowPlayingService>('now playing');
 *   nowPlayingSlot.provide(ctx, nowPlaying);   // the module's plugin
 *   nowPlayingSlot.of(ctx).snapshot;           // any reader
 */
export function perApp<T>(what: string) {
  const values = new WeakMap<object, T>();
  return {
    provide(app: object, value: T) {
      values.set(app, value);
    },
    of(app: object): T {
      const v = values.get(app);
      if (v === undefined) throw new Error(`${what} is not set up for this app`);
      return v;
    },
  };
}
