import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInput } from '@shared/contracts/accounts';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { describedBy, Field, InputField } from '@web/components/ui/input';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useLogin } from '../api';
import { PasswordInput } from './password-input';

export function LoginForm({ onSuccess, onSwitch }: { onSuccess: () => void; onSwitch: () => void }) {
  const id = useId();
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(LoginInput), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { me } = await login.mutateAsync(values);
      toast.success(`Welcome back, ${me.displayName}!`);
      onSuccess();
    } catch (err) {
      applyServerError(form.setError, err, ['email', 'password']);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <InputField
        id={`${id}-email`}
        label="Email"
        error={errors.email?.message}
        type="email"
        data-autofocus
        autoComplete="email"
        placeholder="you@example.com"
        {...form.register('email')}
      />
      <Field id={`${id}-password`} label="Password" error={errors.password?.message}>
        <PasswordInput
          {...describedBy(`${id}-password`, errors.password?.message)}
          autoComplete="current-password"
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" size="lg" busy={login.isPending} className="mt-1 w-full">
        Login
      </Button>
      <p className="text-center text-slate-300 text-sm">
        Don't have an account?{' '}
        <button type="button" onClick={onSwitch} className="font-semibold text-pink-300 hover:underline">
          Sign up here
        </button>
      </p>
    </form>
  );
}
