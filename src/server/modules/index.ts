import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastPaths } from '../infra/caches/fast-paths';
import { accountsModule } from './accounts';
import { adminModule } from './admin';
import { applicationsModule } from './applications';
import { auditModule } from './audit';
import { backupsModule } from './backups';
import { badgesModule } from './badges';
import { chatModule } from './chat';
import { contentModule } from './content';
import { discordModule } from './discord';
import { libraryModule } from './library';
import { type MediaModuleOptions, mediaModule } from './media';
import type { NextTrackDecider } from './media/autodj/engine-next';
import { membersModule } from './members';
import { messagesModule } from './messages';
import MODULE_ORDER from './module-order.json';
import { newsModule } from './news';
import { notificationsModule } from './notifications';
import { recordingsModule } from './recordings';
import { requestsModule } from './requests';
import { rolesModule } from './roles';
import { safetyModule } from './safety';
import { scheduleModule } from './schedule';
import { settingsModule } from './settings';
import { shopModule } from './shop';
import { staffModule } from './staff';
import { type StationModuleOptions, stationModule } from './station';
import { supportModule } from './support';

/**
 * The server's modules by name, each its entry plugin (modules/<m>/index.ts). The order they are
 * registered in, foundations first, is MODULE_ORDER (module-order.json), which .dependency-cruiser.cjs
 * reads too: a module imports only the modules before it.
 */
export const MODULES = {
  audit: auditModule,
  roles: rolesModule,
  accounts: accountsModule,
  notifications: notificationsModule,
  settings: settingsModule,
  content: contentModule,
  members: membersModule,
  badges: badgesModule,
  safety: safetyModule,
  chat: chatModule,
  messages: messagesModule,
  support: supportModule,
  shop: shopModule,
  discord: discordModule,
  schedule: scheduleModule,
  library: libraryModule,
  station: stationModule,
  requests: requestsModule,
  media: mediaModule,
  recordings: recordingsModule,
  applications: applicationsModule,
  news: newsModule,
  staff: staffModule,
  backups: backupsModule,
  admin: adminModule,
} as const;

export type ModuleName = keyof typeof MODULES;
export { MODULE_ORDER };

/** What the composition root hands the modules that need it. */
export interface ModuleOptions {
  fastPaths: FastPaths;
  decideNextTrack?: NextTrackDecider;
}

/** Registers every module's plugin in MODULE_ORDER; a name without a plugin (or the reverse) throws. */
export async function registerModules(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const missing = MODULE_ORDER.filter((name) => !(name in MODULES));
  const unlisted = Object.keys(MODULES).filter((name) => !MODULE_ORDER.includes(name));
  if (missing.length > 0 || unlisted.length > 0)
    throw new Error(
      `MODULE_ORDER (modules/module-order.json) and the module plugins differ: ${[...missing, ...unlisted].join(', ')}`,
    );
  const options: { [K in ModuleName]?: object } = {
    station: { fastPaths: opts.fastPaths } satisfies StationModuleOptions,
    media: { decideNextTrack: opts.decideNextTrack } satisfies MediaModuleOptions,
  };
  for (const name of MODULE_ORDER as ModuleName[]) {
    await app.register(MODULES[name] as FastifyPluginAsync<object>, options[name] ?? {});
  }
}
