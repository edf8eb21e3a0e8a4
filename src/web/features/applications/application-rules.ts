import type { Application } from '@shared/contracts/applications';
import { APPLICATIONS_TEXTS } from '@shared/texts/applications';

type Status = Application['status'];

export const APPLICATION_STATUS_LABELS: Record<Status, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The exact message for the latest application's status (tests check it). */
export const APPLICATION_STATUS_MESSAGES: Record<Status, string> = {
  pending: APPLICATIONS_TEXTS.pending,
  approved: APPLICATIONS_TEXTS.approved,
  rejected: APPLICATIONS_TEXTS.rejected,
};

export interface ApplyView {
  showForm: boolean;
  /** 'You can apply again in N days.' while the 7-day cooldown runs. */
  cooldown: string | null;
}

/**
 * The form shows only when the member may apply; otherwise the days remaining (rounded up), except
 * after an approval, where the welcome message says all there is to say.
 */
export function applyView(state: {
  canApply: boolean;
  daysRemaining: number;
  applications?: readonly Pick<Application, 'status'>[];
}): ApplyView {
  if (state.canApply) return { showForm: true, cooldown: null };
  if (state.applications?.[0]?.status === 'approved') return { showForm: false, cooldown: null };
  const days = Math.max(1, Math.ceil(state.daysRemaining));
  return { showForm: false, cooldown: APPLICATIONS_TEXTS.cooldown(days) };
}

/** Application dates, e.g. '5 March 2025'. */
export function formatApplicationDate(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
