import { Button } from '@web/components/ui/button';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A list row's Edit and Delete buttons, named after the thing they act on ("Edit Morning Show").
 * No `onDelete`, no Delete button (a thing that cannot be deleted).
 */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
  deleting = false,
  iconClassName = 'size-3.5',
  deleteVariant = 'danger',
  deleteText = 'Delete',
}: {
  /** What the buttons act on, in their accessible names. */
  name: string;
  onEdit: () => void;
  onDelete?: () => void;
  deleting?: boolean;
  /** The icons' size. */
  iconClassName?: string;
  deleteVariant?: 'danger' | 'ghost';
  /** The Delete button's words; null for an icon alone. */
  deleteText?: ReactNode;
}) {
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        icon={<Pencil aria-hidden className={iconClassName} />}
        onClick={onEdit}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Button>
      {onDelete ? (
        <Button
          size="sm"
          variant={deleteVariant}
          busy={deleting}
          icon={<Trash2 aria-hidden className={iconClassName} />}
          onClick={onDelete}
          aria-label={`Delete ${name}`}
        >
          {deleteText}
        </Button>
      ) : null}
    </>
  );
}
