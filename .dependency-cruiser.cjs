/**
 * How the server is layered (README: "How the server is layered"). CI runs
 * `npm run lint:deps` (dependency-cruiser with TypeScript's parser, type-only imports included).
 *
 * Bottom to top: shared/ → db/, infra/, integrations/ → modules, in MODULE_ORDER → app.ts (the
 * composition root) → main.ts. demo/ (the demo station) and test/ sit on top and may import anything.
 */

/**
 * The server's modules, foundations first. A module imports only the modules before it. A side effect
 * in a module further up is a domain event (infra/domain-events.ts) that the module up there subscribes
 * to; a read that combines modules is composed in the module above them (or in app.ts).
 */
const MODULE_ORDER = [
  'audit',
  'roles',
  'accounts',
  'notifications',
  'content',
  'members',
  'badges',
  'safety',
  'chat',
  'messages',
  'support',
  'shop',
  'discord',
  'schedule',
  'library',
  'station',
  'requests',
  'media',
  'recordings',
  'applications',
  'news',
  'staff',
  'backups',
  'admin',
];

const M = '^src/server/modules/';
/** Tables are the database's schema (db/schema.ts gathers them): any part of the server may read them. */
const TABLE = '\\.table\\.ts$';

const moduleOrderRules = MODULE_ORDER.map((name, i) => {
  const above = MODULE_ORDER.slice(i + 1);
  return {
    name: `module-order:${name}`,
    comment: `${name} imports only the modules before it in MODULE_ORDER (${MODULE_ORDER.slice(0, i).join(', ') || 'none'}); react to the ones above through domain events.`,
    severity: 'error',
    from: { path: `${M}${name}/` },
    to: { path: above.length ? `${M}(${above.join('|')})/` : '^$', pathNot: TABLE },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file imports itself through others, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'modules-are-known',
      comment: 'Every server module has its place in MODULE_ORDER (.dependency-cruiser.cjs).',
      severity: 'error',
      from: {},
      to: { path: `${M}(?!(${MODULE_ORDER.join('|')})/)[^/]+/` },
    },
    {
      name: 'context-holds-infrastructure',
      comment: 'AppContext holds infrastructure only: context.ts imports nothing from modules/.',
      severity: 'error',
      from: { path: '^src/server/context\\.ts$' },
      to: { path: M },
    },
    {
      name: 'foundations-import-no-module',
      comment: 'db/, infra/, integrations/ and config sit below every module (they may read tables only).',
      severity: 'error',
      from: { path: '^src/server/(db|infra|integrations)/|^src/server/(config|paths|context)\\.ts$' },
      to: { path: M, pathNot: TABLE },
    },
    {
      name: 'tables-import-tables',
      comment: 'A table imports other tables, the database layer and shared/ only.',
      severity: 'error',
      from: { path: TABLE },
      to: { path: '^src/server/(modules|infra|integrations|demo|test)/', pathNot: TABLE },
    },
    {
      name: 'only-the-top-imports-the-app',
      comment: 'app.ts composes the modules; only main.ts, the demo station, tests and e2e import it.',
      severity: 'error',
      from: { pathNot: '^src/server/(main\\.ts|demo/|test/)' },
      to: { path: '^src/server/(app|main)\\.ts$' },
    },
    {
      name: 'no-demo-in-the-product',
      comment: 'The demo station (demo/) and test helpers (test/) are not part of the running product.',
      severity: 'error',
      from: { pathNot: '^src/server/(demo|test)/' },
      to: { path: '^src/server/(demo|test)/' },
    },
    {
      name: 'shared-stands-alone',
      comment: 'src/shared is imported by the server and the web, and imports neither.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-and-server-apart',
      comment: 'The web app and the server share code through src/shared only.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    ...moduleOrderRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
