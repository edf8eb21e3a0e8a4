import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { ApplicationCommandType } from 'discord-api-types/v10';

export const LINK_COMMAND = 'link';

export const COMMANDS: RESTPutAPIApplicationCommandsJSONBody = [
  {
    name: LINK_COMMAND,
    description: 'Get a code to link your Discord account to your profile on the station website',
    type: ApplicationCommandType.ChatInput,
  },
];

/** Registers the station's commands (bulk overwrite, so registering again changes nothing). */
export async function registerCommands(apiUrl: string, applicationId: string, botToken: string) {
  const res = await fetch(`${apiUrl.replace(/\/$/, '')}/applications/${applicationId}/commands`, {
    method: 'PUT',
    headers: { authorization: `Bot ${botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(COMMANDS),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`Discord answered ${res.status} when registering commands`);
}
