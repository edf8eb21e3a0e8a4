import { afterAll, beforeAll } from 'vitest';
import { freePorts } from './free-port';
import type { ScriptedBackend } from './scripted-backend';
import {
  Client,
  createScriptedApp,
  createTestApp,
  type Member,
  signUpMember,
  type TestApp,
  type TestAppOptions,
} from './test-app';

export interface AppForFileOptions extends Omit<TestAppOptions, 'env'> {
  /**
   * Environment over the test defaults; a function when it names what an earlier hook of the file
   * started (a stand-in service's address), read when the app is built.
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Signs up the station's first member, so its admin, with this full name (`admin`). */
  admin?: string;
  /**
   * Runs the app on a ScriptedBackend the tests drive (`backend`), with its admin signed up (as `admin`,
   * 'Admin' by default); 'started' also starts it reporting to now playing without listening.
   */
  scripted?: boolean | 'started';
  /**
   * Runs the built-in engine as the app builds it (RADIO_BACKEND=builtin), its Icecast and harbor on free
   * ports; its processes are not started while the app does not listen.
   */
  builtin?: boolean;
  /** How long building the app (and signing up the admin) may take, in ms (Vitest's hook timeout). */
  timeout?: number;
}

/** The file's app: the TestApp itself, with the admin, an anonymous visitor and the scripted backend. */
export interface FileApp extends TestApp {
  /** These follow the built app (set once, before the tests). */
  readonly app: TestApp['app'];
  readonly dbh: TestApp['dbh'];
  readonly mail: TestApp['mail'];
  readonly base: string;
  /** The admin (option `admin`, or any scripted app). */
  readonly admin: Member;
  /** A visitor who never signs in. */
  readonly anon: Client;
  /** The radio backend the test drives (option `scripted`). */
  readonly backend: ScriptedBackend;
}

/**
 * The real app for all the tests of a file: built (on a fresh database) before the file's first test,
 * closed after its last. Its fields are read inside tests and hooks (they are there once the file's
 * tests start); hooks the file adds after this call run after the app is built.
 */
export function appForFile(opts: AppForFileOptions = {}): FileApp {
  const { admin: adminName, scripted, builtin, timeout, env, ...rest } = opts;
  let t: TestApp | undefined;
  let admin: Member | undefined;
  let backend: ScriptedBackend | undefined;
  let anon: Client | undefined;
  beforeAll(async () => {
    const appOpts: TestAppOptions = { ...rest, env: typeof env === 'function' ? env() : env };
    if (builtin) {
      const [icecast, harbor] = await freePorts(2);
      appOpts.env = {
        RADIO_BACKEND: 'builtin',
        ICECAST_PORT: String(icecast),
        HARBOR_PORT: String(harbor),
        ...appOpts.env,
      };
    }
    if (scripted) {
      const s = await createScriptedApp({ ...appOpts, adminName, startBackend: scripted === 'started' });
      ({ t, admin, backend } = s);
    } else {
      t = await createTestApp(appOpts);
      if (adminName !== undefined) admin = await signUpMember(t.app, adminName);
    }
  }, timeout);
  afterAll(async () => t?.close());
  const built = (): TestApp => {
    if (!t) throw new Error('appForFile: the app is built before the tests; read it inside a test or a hook');
    return t;
  };
  const given = <T>(value: T | undefined, option: string): T => {
    built();
    if (value === undefined) throw new Error(`appForFile: no ${option} was asked for`);
    return value;
  };
  return {
    get app() {
      return built().app;
    },
    get dbh() {
      return built().dbh;
    },
    get mail() {
      return built().mail;
    },
    get base() {
      return built().base;
    },
    listen: (port?: number) => built().listen(port),
    close: () => built().close(),
    get admin() {
      return given(admin, 'admin (option `admin`)');
    },
    get backend() {
      return given(backend, 'scripted backend (option `scripted`)');
    },
    get anon() {
      anon ??= new Client(built().app);
      return anon;
    },
  };
}
