import { clsx } from 'clsx';
import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

const control =
  'w-full rounded-lg border border-slate-600 bg-slate-900 px-3 text-slate-100 placeholder:text-slate-400 transition ' +
  'focus:border-pink-400 focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-pink-400 focus-visible:outline-offset-0 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400';

export function Input({
  className,
  ref,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={clsx(control, 'h-10 text-base sm:text-sm', className)} {...rest} />;
}

export function Textarea({
  className,
  ref,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <textarea
      ref={ref}
      className={clsx(control, 'min-h-20 py-2 text-base sm:text-sm', className)}
      {...rest}
    />
  );
}

export function Select({
  className,
  ref,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={clsx(control, 'h-10 text-base sm:text-sm', className)} {...rest} />;
}

/** A labelled form field: label bound by id, optional hint, and an error announced to screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-slate-300 text-sm">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-slate-400 text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-red-300 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props that wire a control to its Field's error and hint. */
export function describedBy(id: string, error?: string, hint?: boolean) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

type FieldProps = { id: string; label: ReactNode; error?: string; hint?: ReactNode };

/** A Field holding one Input, wired to its label, hint and error. */
export function InputField({
  id,
  label,
  error,
  hint,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input {...describedBy(id, error, hint !== undefined)} {...input} />
    </Field>
  );
}

/** A Field holding one Textarea, wired to its label, hint and error. */
export function TextareaField({
  id,
  label,
  error,
  hint,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Textarea {...describedBy(id, error, hint !== undefined)} {...textarea} />
    </Field>
  );
}
