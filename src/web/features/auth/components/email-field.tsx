import { InputField } from '@web/components/ui/input';
import type { InputHTMLAttributes, Ref } from 'react';

/** The Email field of the login and sign-up forms. */
export function EmailField({
  id,
  error,
  ...input
}: { id: string; error?: string } & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <InputField
      id={id}
      label="Email"
      error={error}
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      {...input}
    />
  );
}
