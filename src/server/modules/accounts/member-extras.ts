import type { ThemeId } from '../../../shared/themes';
import type { DbOrTx } from '../../db/client';
import { perApp } from '../../infra/per-app';

/**
 * What a module above accounts adds to a member's own account: the shop answers with the token balance
 * (shown in `/api/me`) and whether a premium theme is owned (checked before the profile takes it). The
 * shop provides it from its own plugin, so accounts, at the bottom of the house, never imports the shop.
 */
export interface MemberExtras {
  tokenBalance(db: DbOrTx, userId: string): Promise<number>;
  ownsTheme(db: DbOrTx, userId: string, theme: ThemeId): Promise<boolean>;
}

export const memberExtrasSlot = perApp<MemberExtras>('the shop’s part of a member’s account');
