import { REQUESTS_TEXTS } from '@shared/texts/requests';
import { ApiError } from '@web/app/data/api-client';
import { describe, expect, it } from 'vitest';
import {
  requestActions,
  requestHeadline,
  requestsOpen,
  submitFailureText,
  submitState,
} from './request-rules';

describe('requestActions', () => {
  it('offers Approve and Reject for a pending request', () => {
    expect(requestActions('pending').map((a) => a.label)).toEqual(['Approve', 'Reject']);
  });
  it('offers Mark Played and Back to Pending for an approved request', () => {
    expect(requestActions('approved')).toEqual([
      { to: 'played', label: 'Mark Played' },
      { to: 'pending', label: 'Back to Pending' },
    ]);
  });
  it('offers only Back to Pending for played and rejected requests', () => {
    expect(requestActions('played')).toEqual([{ to: 'pending', label: 'Back to Pending' }]);
    expect(requestActions('rejected')).toEqual([{ to: 'pending', label: 'Back to Pending' }]);
  });
});

describe('submitState', () => {
  it('is open with a live presenter and requests on', () => {
    expect(submitState({ enabled: true, liveNow: true }, 'page')).toEqual({
      label: 'Submit Request',
      disabled: false,
      notice: null,
      hint: null,
    });
  });
  it('says no live DJ on the page while nobody is live', () => {
    const s = submitState({ enabled: true, liveNow: false }, 'page');
    expect(s.label).toBe('Requests Disabled (No Live DJ)');
    expect(s.disabled).toBe(true);
    expect(s.notice).toBeNull();
    expect(s.hint).toBe('Requests are open while a presenter is live. Please try again during a show.');
  });
  it('prefers "Song Requests Disabled" when the switch is off, live or not', () => {
    for (const liveNow of [true, false]) {
      const s = submitState({ enabled: false, liveNow }, 'page');
      expect(s.label).toBe('Song Requests Disabled');
      expect(s.disabled).toBe(true);
      expect(s.notice).toBe('Song requests are currently disabled by the presenter.');
    }
  });
  it('in the modal keeps its label, is disabled only by the switch', () => {
    expect(submitState({ enabled: false, liveNow: true }, 'modal')).toEqual({
      label: 'Submit Request',
      disabled: true,
      notice: REQUESTS_TEXTS.disabled,
      hint: null,
    });
    expect(submitState({ enabled: true, liveNow: false }, 'modal').disabled).toBe(false);
  });
  it('leaves the decision to the server while settings are unknown', () => {
    expect(submitState(undefined, 'page').disabled).toBe(false);
  });
});

describe('requestsOpen', () => {
  it('needs both the switch and a live presenter', () => {
    expect(requestsOpen({ enabled: true, liveNow: true })).toBe(true);
    expect(requestsOpen({ enabled: true, liveNow: false })).toBe(false);
    expect(requestsOpen({ enabled: false, liveNow: true })).toBe(false);
  });
});

describe('requestHeadline', () => {
  it('shows the song and artist for a song request', () => {
    expect(
      requestHeadline({ requestType: 'song_request', songTitle: 'Song', artist: 'Band', message: ' hi ' }),
    ).toEqual({ title: 'Song', subtitle: 'Band', note: 'hi' });
  });
  it('shows the message for other kinds (stored in the title when no message)', () => {
    expect(
      requestHeadline({ requestType: 'shoutout', songTitle: 'Hello all', artist: 'N/A', message: null }),
    ).toEqual({ title: 'Hello all', subtitle: null, note: null });
  });
});

describe('submitFailureText', () => {
  it("shows the server's message for a refusal", () => {
    expect(submitFailureText(new ApiError(409, 'CONFLICT', 'Nope.'), 'page')).toBe('Nope.');
    expect(submitFailureText(new ApiError(429, 'RATE', REQUESTS_TEXTS.tooSoon(5, 3)), 'modal')).toBe(
      'You can send one request every 5 minutes. Please try again in 3 minutes.',
    );
  });
  it('falls back to the page or modal text otherwise', () => {
    expect(submitFailureText(new ApiError(500, 'INTERNAL', 'x'), 'page')).toBe(
      'Error submitting request. Please try again.',
    );
    expect(submitFailureText(new ApiError(0, 'NETWORK', 'offline'), 'modal')).toBe(
      'Failed to submit request. Please try again.',
    );
    expect(submitFailureText(new Error('x'), 'modal')).toBe('Failed to submit request. Please try again.');
  });
});
