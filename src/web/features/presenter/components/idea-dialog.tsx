import { zodResolver } from '@hookform/resolvers/zod';
import { IdeaInput } from '@shared/contracts/staff';
import { PRESENTER_TEXTS } from '@shared/texts/staff';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Dialog } from '@web/components/ui/dialog';
import { FormActions } from '@web/components/ui/form-actions';
import { InputField, TextareaField } from '@web/components/ui/input';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSubmitIdea } from '../api';

type FormIn = z.input<typeof IdeaInput>;
type FormOut = z.output<typeof IdeaInput>;

/** 'Submit New Idea': title and description, both required and not blank. */
export function IdeaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={PRESENTER_TEXTS.submitIdea}>
      <IdeaForm onDone={onClose} />
    </Dialog>
  );
}

function IdeaForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const submitIdea = useSubmitIdea();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(IdeaInput),
    defaultValues: { title: '', description: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await submitIdea.mutateAsync(values);
      toast.success('Idea submitted.');
      onDone();
    } catch (err) {
      toast.error(PRESENTER_TEXTS.ideaSaveFailed);
      applyServerError(form.setError, err, ['title', 'description']);
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={PRESENTER_TEXTS.submitIdea}
    >
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <InputField
        id={`${id}-title`}
        label="Title"
        error={errors.title?.message}
        data-autofocus
        {...form.register('title')}
      />
      <TextareaField
        id={`${id}-description`}
        label="Description"
        error={errors.description?.message}
        rows={5}
        {...form.register('description')}
      />
      <FormActions onCancel={onDone} submitLabel="Submit Idea" busy={submitIdea.isPending} />
    </form>
  );
}
