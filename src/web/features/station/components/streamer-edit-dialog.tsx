import { zodResolver } from '@hookform/resolvers/zod';
import { type StreamerAccount, UpdateStreamerInput } from '@shared/contracts/station';
import { errorMessage } from '@web/app/data/api-client';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { describedBy, Field, Input, Textarea } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { KeyRound, Save } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useUpdateStreamer } from '../control-api';
import { generateStreamerPassword } from '../streamer-password';
import { CopyButton } from './copy-button';

const EditInput = UpdateStreamerInput.required({ displayName: true, isActive: true }).extend({
  comments: z.string().max(500),
});
type Values = z.infer<typeof EditInput>;

function EditForm({ streamer, onDone }: { streamer: StreamerAccount; onDone: () => void }) {
  const update = useUpdateStreamer();
  const [newPassword, setNewPassword] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(EditInput),
    defaultValues: {
      displayName: streamer.displayName,
      comments: streamer.comments ?? '',
      isActive: streamer.isActive,
    },
  });
  const { errors } = form.formState;

  const save = form.handleSubmit(async (v) => {
    try {
      await update.mutateAsync({
        id: streamer.id,
        patch: { displayName: v.displayName, comments: v.comments.trim() || null, isActive: v.isActive },
      });
      toast.success(`${streamer.username} saved.`);
      onDone();
    } catch (err) {
      applyServerError(form.setError, err, ['displayName', 'comments', 'isActive']);
    }
  });

  const resetPassword = () => {
    if (!window.confirm(`Give ${streamer.username} a new password? The old one stops working at once.`))
      return;
    const password = generateStreamerPassword();
    update.mutate(
      { id: streamer.id, patch: { password } },
      {
        onSuccess: () => setNewPassword(password),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <p className="text-slate-400 text-sm">
          Username <span className="font-mono text-slate-200">{streamer.username}</span> (it cannot change).
        </p>
        {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
        <Field id="edit-streamer-name" label="Display name" error={errors.displayName?.message}>
          <Input
            data-autofocus
            {...describedBy('edit-streamer-name', errors.displayName?.message)}
            {...form.register('displayName')}
          />
        </Field>
        <Field id="edit-streamer-comments" label="Comments (optional)" error={errors.comments?.message}>
          <Textarea
            rows={2}
            {...describedBy('edit-streamer-comments', errors.comments?.message)}
            {...form.register('comments')}
          />
        </Field>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <div className="flex items-center gap-3">
              <Switch
                checked={field.value}
                tone="emerald"
                aria-labelledby="edit-streamer-active"
                onChange={() => field.onChange(!field.value)}
              />
              <span id="edit-streamer-active" className="text-slate-200 text-sm">
                {field.value ? 'Enabled: may connect and go live' : 'Disabled: cannot connect'}
              </span>
            </div>
          )}
        />
        <div>
          <Button type="submit" busy={update.isPending} icon={<Save aria-hidden className="size-4" />}>
            Save changes
          </Button>
        </div>
      </form>

      <section
        aria-labelledby="edit-streamer-password"
        className="flex flex-col gap-3 border-slate-700 border-t pt-4"
      >
        <h3 id="edit-streamer-password" className="font-semibold text-white">
          Password
        </h3>
        {newPassword ? (
          <div className="flex flex-col gap-2" data-testid="streamer-new-password">
            <Alert tone="success">
              New password set. Give it to the presenter now: it is not shown again.
            </Alert>
            <div className="flex items-center gap-2">
              <code className="flex-1 rounded-lg bg-slate-950 px-3 py-2 font-mono text-lg text-white tracking-widest">
                {newPassword}
              </code>
              <CopyButton value={newPassword} label="new password" />
            </div>
          </div>
        ) : (
          <p className="text-slate-400 text-sm">
            Forgotten or leaked? Give this account a new generated password.
          </p>
        )}
        <div>
          <Button
            variant="secondary"
            busy={update.isPending && update.variables?.patch.password !== undefined}
            icon={<KeyRound aria-hidden className="size-4" />}
            onClick={resetPassword}
          >
            Reset password
          </Button>
        </div>
      </section>
    </div>
  );
}

/** Admin Panel › Streamers › Edit: display name, comments, enabled, and a password reset. */
export function StreamerEditDialog({
  streamer,
  onClose,
}: {
  streamer: StreamerAccount | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={streamer !== null} onClose={onClose} title={`Edit ${streamer?.username ?? 'streamer'}`}>
      {streamer ? <EditForm key={streamer.id} streamer={streamer} onDone={onClose} /> : null}
    </Dialog>
  );
}
