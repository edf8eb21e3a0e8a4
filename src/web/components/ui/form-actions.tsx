import type { ComponentProps } from 'react';
import { Button } from './button';

/** A dialog form's closing row: Cancel, then the submit button (busy while it runs). */
export function FormActions({
  onCancel,
  submitLabel,
  busy,
  disabled,
  variant,
}: {
  onCancel: () => void;
  submitLabel: string;
  busy?: boolean;
  disabled?: boolean;
  variant?: ComponentProps<typeof Button>['variant'];
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} busy={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
