import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInput } from '@shared/contracts/accounts';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useLogin } from '../api';
import { EmailField } from './email-field';
import { PasswordField } from './password-input';
import { SwitchPrompt } from './switch-prompt';

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
      <EmailField
        id={`${id}-email`}
        error={errors.email?.message}
        data-autofocus
        {...form.register('email')}
      />
      <PasswordField
        id={`${id}-password`}
        label="Password"
        error={errors.password?.message}
        autoComplete="current-password"
        {...form.register('password')}
      />
      <Button type="submit" size="lg" busy={login.isPending} className="mt-1 w-full">
        Login
      </Button>
      <SwitchPrompt question="Don't have an account?" action="Sign up here" onSwitch={onSwitch} />
    </form>
  );
}
