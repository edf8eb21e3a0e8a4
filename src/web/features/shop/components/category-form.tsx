import type { ShopCategory } from '@shared/contracts/shop';
import { errorMessage, isApiError } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Dialog } from '@web/components/ui/dialog';
import { FormActions } from '@web/components/ui/form-actions';
import { Field, Input } from '@web/components/ui/input';
import { type FormEvent, useId, useState } from 'react';
import { useSaveCategory } from '../api';
import { Check } from './check';

/** 'Website Themes' → 'website-themes'. */
export const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/** Create or edit a shop section: name, slug, icon, order, shown or hidden. */
export function CategoryFormDialog({
  category,
  onClose,
}: {
  category: ShopCategory | null;
  onClose: () => void;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const [slug, setSlug] = useState(category?.slug ?? '');
  const [icon, setIcon] = useState(category?.icon ?? '');
  const [sortOrder, setSortOrder] = useState(String(category?.sortOrder ?? 0));
  const [isActive, setIsActive] = useState(category?.isActive ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveCategory();
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Name is required' });
    setErrors({});
    setFormError(null);
    save.mutate(
      {
        id: category?.id ?? null,
        fields: {
          name,
          slug: slug || slugify(name),
          icon: icon || null,
          sortOrder: Number(sortOrder) || 0,
          isActive,
        },
      },
      {
        onSuccess: () => {
          toast.success(category ? 'Category saved.' : 'Category created.');
          onClose();
        },
        onError: (err) => {
          setErrors(isApiError(err) ? (err.fields ?? {}) : {});
          setFormError(errorMessage(err));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={category ? `Edit ${category.name}` : 'New category'}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          <Input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            data-autofocus
          />
        </Field>
        <Field
          id={`${id}-slug`}
          label="Slug"
          error={errors.slug}
          hint={`Lowercase letters, digits and hyphens. Empty: ${slugify(name) || 'from the name'}.`}
        >
          <Input id={`${id}-slug`} value={slug} onChange={(e) => setSlug(e.target.value)} maxLength={40} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field id={`${id}-icon`} label="Icon (emoji)" error={errors.icon}>
            <Input id={`${id}-icon`} value={icon} onChange={(e) => setIcon(e.target.value)} maxLength={16} />
          </Field>
          <Field id={`${id}-sort`} label="Sort order" error={errors.sortOrder}>
            <Input
              id={`${id}-sort`}
              type="number"
              step={1}
              value={sortOrder}
              onChange={(e) => setSortOrder(e.target.value)}
            />
          </Field>
        </div>
        <Check
          className="flex items-center gap-2 text-slate-200 text-sm"
          checked={isActive}
          onChange={setIsActive}
        >
          Active (shown in the shop)
        </Check>
        {formError ? <Alert>{formError}</Alert> : null}
        <FormActions
          onCancel={onClose}
          submitLabel={category ? 'Save category' : 'Create category'}
          busy={save.isPending}
        />
      </form>
    </Dialog>
  );
}
