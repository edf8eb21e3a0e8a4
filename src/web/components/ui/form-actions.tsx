import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Button } from './button';

/** A dialog form's closing row: Cancel, then the submit button (busy while it runs). */
export function FormActions({
  onCancel,
  submitLabel,
  busy,
  disabled,
  variant,
  cancelVariant = 'ghost',
  className,
}: {
  onCancel: () => void;
  submitLabel: string;
  busy?: boolean;
  disabled?: boolean;
  variant?: ComponentProps<typeof Button>['variant'];
  cancelVariant?: ComponentProps<typeof Button>['variant'];
  /** Placement in the form's layout, e.g. spanning its grid. */
  className?: string;
}) {
  return (
    <div className={clsx('flex justify-end gap-2', className)}>
      <Button variant={cancelVariant} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} busy={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
