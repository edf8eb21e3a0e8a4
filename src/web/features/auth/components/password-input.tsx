import { describedBy, Field, Input } from '@web/components/ui/input';
import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';

/**
 * A password input with a show/hide toggle. The toggle's accessible name avoids the word "password"
 * so the field's own label stays unique.
 */
export function PasswordInput({
  ref,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className="pr-11" {...rest} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide' : 'Show'}
        aria-controls={rest.id}
        title={visible ? 'Hide password' : 'Show password'}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-400 hover:text-white"
      >
        {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
      </button>
    </div>
  );
}

/** A Field holding one PasswordInput, wired to its label and error. */
export function PasswordField({
  id,
  label,
  error,
  ...input
}: { id: string; label: ReactNode; error?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id'
> & {
    ref?: Ref<HTMLInputElement>;
  }) {
  return (
    <Field id={id} label={label} error={error}>
      <PasswordInput {...describedBy(id, error)} {...input} />
    </Field>
  );
}
