import type { Me } from '@shared/contracts/accounts';
import type { Capability } from '@shared/permissions';

/** Whether the member holds a capability (admins hold all). Comfort only: the server is the guard. */
export function hasCapability(me: Me | null | undefined, capability: Capability): boolean {
  if (!me) return false;
  return me.isAdmin || me.capabilities.includes(capability);
}
