import { zodResolver } from '@hookform/resolvers/zod';
import { type Me, SetPasswordInput } from '@shared/contracts/accounts';
import { ADMIN_TEXTS } from '@shared/texts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { applyServerError } from '@web/app/data/form-errors';
import { applySignedIn } from '@web/app/session';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '../components/password-input';

type Values = { token: string; password: string; confirmPassword: string };

/** /set-password?token=…: a member whose account an admin made chooses their password, and is signed in. */
export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const setPassword = useMutation({
    mutationFn: (v: Values) => api.post<{ me?: Me }>('/api/auth/set-password', v),
  });
  const form = useForm<Values>({
    resolver: zodResolver(SetPasswordInput),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { me } = await setPassword.mutateAsync(values);
      if (me) applySignedIn(queryClient, me);
      setDone(true);
    } catch (err) {
      applyServerError(form.setError, err, ['password', 'confirmPassword']);
    }
  });

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-pink-500/15 text-pink-300">
          <KeyRound aria-hidden className="size-7" />
        </span>
        <h1 className="font-extrabold text-3xl text-white">Choose your password</h1>
        <p className="text-slate-300">Your account is ready: pick the password you will sign in with.</p>
      </header>
      <Card className="p-5 sm:p-6">
        {done ? (
          <div className="flex flex-col gap-4">
            <Alert tone="success">{ADMIN_TEXTS.passwordSet}</Alert>
            <Link
              to="/"
              className="inline-flex h-10 items-center justify-center rounded-lg bg-gradient-to-r from-pink-500 to-violet-500 px-4 font-semibold text-sm text-white"
            >
              Start listening
            </Link>
          </div>
        ) : !token ? (
          <Alert>{ADMIN_TEXTS.setPasswordLinkInvalid}</Alert>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
            <PasswordField
              id="new-password"
              label="Password"
              error={errors.password?.message}
              autoComplete="new-password"
              data-autofocus
              {...form.register('password')}
            />
            <PasswordField
              id="new-password-confirm"
              label="Confirm password"
              error={errors.confirmPassword?.message}
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
            <Button type="submit" size="lg" busy={setPassword.isPending} className="w-full">
              Set password
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
