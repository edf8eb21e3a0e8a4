import type { AppContext } from '../../context';
import { registerCommands } from '../../integrations/discord/commands';

/** With a bot token, the /link command is registered with Discord once the app listens (failure is logged). */
export async function registerDiscordCommands(ctx: Pick<AppContext, 'config' | 'log'>) {
  const { DISCORD_APPLICATION_ID: appId, DISCORD_BOT_TOKEN: token, DISCORD_API_URL: api } = ctx.config;
  if (!appId || !token) return;
  try {
    await registerCommands(api, appId, token);
    ctx.log.info('discord: the /link command is registered');
  } catch (err) {
    ctx.log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'discord: could not register /link',
    );
  }
}
