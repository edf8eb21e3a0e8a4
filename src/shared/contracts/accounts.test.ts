import { describe, expect, it } from 'vitest';
import { displayNameOf, LoginInput, SignUpInput } from './accounts';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('sign-up validation', () => {
  const ok = {
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'secret1',
    confirmPassword: 'secret1',
  };

  it('accepts a complete form and trims the name and email', () => {
    const r = SignUpInput.parse({ ...ok, fullName: '  Ada  ', email: ' ada@example.com ' });
    expect(r.fullName).toBe('Ada');
    expect(r.email).toBe('ada@example.com');
  });

  it('checks that the passwords match before their length', () => {
    expect(first(SignUpInput.safeParse({ ...ok, password: 'abc', confirmPassword: 'abd' }))).toBe(
      'Passwords do not match',
    );
    expect(first(SignUpInput.safeParse({ ...ok, password: 'abc', confirmPassword: 'abc' }))).toBe(
      'Password must be at least 6 characters',
    );
  });

  it('requires the full name, email and password, and an email-shaped email', () => {
    expect(first(SignUpInput.safeParse({ ...ok, fullName: '  ' }))).toBe('Full name is required');
    expect(first(SignUpInput.safeParse({ ...ok, email: '' }))).toBe('Email is required');
    expect(first(SignUpInput.safeParse({ ...ok, email: 'not-an-email' }))).toBe(
      'Please enter a valid email address',
    );
    expect(first(SignUpInput.safeParse({ ...ok, password: '', confirmPassword: '' }))).toBe(
      'Password is required',
    );
  });

  it('requires email and password to log in', () => {
    expect(LoginInput.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
    expect(LoginInput.safeParse({ email: '', password: 'x' }).success).toBe(false);
    expect(LoginInput.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
});

describe('display name', () => {
  it('prefers the full name, then the sign-up name, then the email, then Profile', () => {
    expect(displayNameOf({ fullName: 'Ada', signUpName: 'A', email: 'ada@x.io' })).toBe('Ada');
    expect(displayNameOf({ fullName: ' ', signUpName: 'Countess', email: 'ada@x.io' })).toBe('Countess');
    expect(displayNameOf({ fullName: null, signUpName: null, email: 'ada@x.io' })).toBe('ada');
    expect(displayNameOf({})).toBe('Profile');
  });
});
