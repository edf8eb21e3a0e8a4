import {
  REQUEST_TRANSITIONS,
  type RequestSettings,
  type RequestStatus,
  type RequestType,
} from '@shared/contracts/requests';
import { REQUESTS_TEXTS } from '@shared/texts/requests';
import { isApiError } from '@web/app/data/api-client';

export const REQUEST_TYPE_LABELS: Record<RequestType, string> = {
  song_request: 'Song Request',
  shoutout: 'Shoutout',
  joke: 'Joke',
  competition: 'Competition Entry',
  other: 'Other',
};

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  played: 'Played',
};

/** The button that moves a request to a status, as a manager sees it. */
const ACTION_LABELS: Record<RequestStatus, string> = {
  approved: 'Approve',
  rejected: 'Reject',
  played: 'Mark Played',
  pending: 'Back to Pending',
};

export interface RequestAction {
  to: RequestStatus;
  label: string;
}

/** The manager actions a request card offers from its status (REQUEST_TRANSITIONS). */
export function requestActions(status: RequestStatus): RequestAction[] {
  return (REQUEST_TRANSITIONS[status] ?? []).map((to) => ({ to, label: ACTION_LABELS[to] }));
}

export const SUBMIT_LABEL = 'Submit Request';

export interface SubmitState {
  label: string;
  disabled: boolean;
  /** Shown above the form when requests are switched off. */
  notice: string | null;
  /** Shown under the button on the page while nobody is live. */
  hint: string | null;
}

/**
 * The submit button: off while song requests are switched off ('Song Requests Disabled' on the page);
 * on the full Requests page also off while no presenter is live ('Requests Disabled (No Live DJ)').
 * Unknown settings (still loading, or unreadable) leave it to the server to decide.
 */
export function submitState(
  settings: Pick<RequestSettings, 'enabled' | 'liveNow'> | undefined,
  variant: 'page' | 'modal',
): SubmitState {
  if (!settings) return { label: SUBMIT_LABEL, disabled: false, notice: null, hint: null };
  if (!settings.enabled) {
    return {
      label: variant === 'page' ? REQUESTS_TEXTS.disabledButton : SUBMIT_LABEL,
      disabled: true,
      notice: REQUESTS_TEXTS.disabled,
      hint: null,
    };
  }
  if (variant === 'page' && !settings.liveNow) {
    return {
      label: REQUESTS_TEXTS.noLiveDjButton,
      disabled: true,
      notice: null,
      hint: REQUESTS_TEXTS.noLiveDj,
    };
  }
  return { label: SUBMIT_LABEL, disabled: false, notice: null, hint: null };
}

/** Requests are open while the switch is on and a presenter is live. */
export const requestsOpen = (settings: Pick<RequestSettings, 'enabled' | 'liveNow'>) =>
  settings.enabled && settings.liveNow;

/** What a card shows as its main line: the song for song requests, otherwise the message. */
export function requestHeadline(r: {
  requestType: RequestType;
  songTitle: string;
  artist: string;
  message: string | null;
}): { title: string; subtitle: string | null; note: string | null } {
  if (r.requestType === 'song_request') {
    return { title: r.songTitle, subtitle: r.artist, note: r.message?.trim() || null };
  }
  return { title: r.message?.trim() || r.songTitle, subtitle: null, note: null };
}

/** The message to show when a submission fails: the server's own words for a refusal, else ours. */
export function submitFailureText(error: unknown, variant: 'page' | 'modal'): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return variant === 'modal' ? REQUESTS_TEXTS.submitFailedModal : REQUESTS_TEXTS.submitFailedPage;
}
