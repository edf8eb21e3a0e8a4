import { zodResolver } from '@hookform/resolvers/zod';
import { SignUpInput } from '@shared/contracts/accounts';
import { applyServerError } from '@web/app/data/form-errors';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/input';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSignUp } from '../api';
import { EmailField } from './email-field';
import { PasswordField } from './password-input';
import { SwitchPrompt } from './switch-prompt';

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
      <EmailField id={`${id}-email`} error={errors.email?.message} {...form.register('email')} />
      <PasswordField
        id={`${id}-password`}
        label="Password"
        error={errors.password?.message}
        autoComplete="new-password"
        {...form.register('password')}
      />
      <InputField
        id={`${id}-confirm`}
        label="Confirm Password"
        error={errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" busy={signUp.isPending} className="mt-1 w-full">
        Create Account
      </Button>
      <SwitchPrompt question="Already have an account?" action="Login here" onSwitch={onSwitch} />
    </form>
  );
}
