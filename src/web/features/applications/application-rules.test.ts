import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUS_MESSAGES, applyView, formatApplicationDate } from './application-rules';

describe('applyView', () => {
  it('shows the form when the member may apply', () => {
    expect(applyView({ canApply: true, daysRemaining: 0 })).toEqual({ showForm: true, cooldown: null });
  });
  it('hides the form and shows the days remaining during the cooldown', () => {
    expect(applyView({ canApply: false, daysRemaining: 6 })).toEqual({
      showForm: false,
      cooldown: 'You can apply again in 6 days.',
    });
  });
  it('says "1 day" in the singular and never less than one day', () => {
    expect(applyView({ canApply: false, daysRemaining: 1 }).cooldown).toBe('You can apply again in 1 day.');
    expect(applyView({ canApply: false, daysRemaining: 0 }).cooldown).toBe('You can apply again in 1 day.');
    expect(applyView({ canApply: false, daysRemaining: 2.2 }).cooldown).toBe(
      'You can apply again in 3 days.',
    );
  });
});

describe('applyView after an approval', () => {
  it('shows no cooldown line, only the welcome message', () => {
    expect(applyView({ canApply: false, daysRemaining: 7, applications: [{ status: 'approved' }] })).toEqual({
      showForm: false,
      cooldown: null,
    });
    expect(
      applyView({ canApply: false, daysRemaining: 7, applications: [{ status: 'rejected' }] }).cooldown,
    ).toBe('You can apply again in 7 days.');
  });
});

describe('status messages', () => {
  it('are the exact words', () => {
    expect(APPLICATION_STATUS_MESSAGES.pending).toBe(
      "Your application is being reviewed by our team. We'll get back to you soon!",
    );
    expect(APPLICATION_STATUS_MESSAGES.approved).toBe(
      'Congratulations! Your application has been approved. Welcome to the team!',
    );
    expect(APPLICATION_STATUS_MESSAGES.rejected).toBe(
      'Unfortunately, your application was not successful this time. Feel free to apply again in the future.',
    );
  });
});

describe('formatApplicationDate', () => {
  it('writes the day, month name and year', () => {
    expect(formatApplicationDate('2025-03-05T12:00:00Z')).toBe('5 March 2025');
  });
});
