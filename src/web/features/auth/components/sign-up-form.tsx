import { zodResolver } from '@hookform/resolvers/zod';
import { SignUpInput } from '@shared/contracts/accounts';
import { applyServerError } from '@web/app/data/form-errors';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { describedBy, Field, Input, InputField } from '@web/components/ui/input';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSignUp } from '../api';
import { PasswordInput } from './password-input';

const FIELDS = ['fullName', 'email', 'password', 'confirmPassword'] as const;

export function SignUpForm({
  onSuccess,
  onSwitch,
}: {
  onSuccess: (result: { firstUserIsAdmin: boolean }) => void;
  onSwitch: () => void;
}) {
  const id = useId();
  const signUp = useSignUp();
  const form = useForm({
    resolver: zodResolver(SignUpInput),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await signUp.mutateAsync(values);
      onSuccess({ firstUserIsAdmin: result.firstUserIsAdmin });
    } catch (err) {
      applyServerError(form.setError, err, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <InputField
        id={`${id}-name`}
        label="Full Name"
        error={errors.fullName?.message}
        autoComplete="name"
        data-autofocus
        placeholder="Your name"
        {...form.register('fullName')}
      />
      <InputField
        id={`${id}-email`}
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        {...form.register('email')}
      />
      <Field id={`${id}-password`} label="Password" error={errors.password?.message}>
        <PasswordInput
          {...describedBy(`${id}-password`, errors.password?.message)}
          autoComplete="new-password"
          {...form.register('password')}
        />
      </Field>
      <Field id={`${id}-confirm`} label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input
          {...describedBy(`${id}-confirm`, errors.confirmPassword?.message)}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
      </Field>
      <Button type="submit" size="lg" busy={signUp.isPending} className="mt-1 w-full">
        Create Account
      </Button>
      <p className="text-center text-slate-300 text-sm">
        Already have an account?{' '}
        <button type="button" onClick={onSwitch} className="font-semibold text-pink-300 hover:underline">
          Login here
        </button>
      </p>
    </form>
  );
}
