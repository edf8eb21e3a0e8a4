/**
 * A value a module keeps for one running app (its own service: the station's now playing, the admin
 * monitor). The module's plugin provides it when the app is built; the module and the modules above it
 * read it. The app context (context.ts) holds infrastructure only and never learns of module services.
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
