import {
  FEATURE_KEYS,
  FEATURE_NAMES,
  ITEM_GRADIENTS,
  type ItemMetadata,
  type ShopCategory,
  type ShopItem,
  THEME_IDS,
  THEMES,
} from '@shared/contracts/shop';
import { errorMessage, isApiError } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Dialog } from '@web/components/ui/dialog';
import { FormActions } from '@web/components/ui/form-actions';
import { Field, Input, Select, Textarea } from '@web/components/ui/input';
import { type FormEvent, useId, useState } from 'react';
import { type ItemFields, useSaveItem } from '../api';
import { Check } from './check';

interface Draft {
  categoryId: string;
  name: string;
  description: string;
  price: string;
  icon: string;
  imageUrl: string;
  gradientClass: string;
  stock: string;
  isLimitedEdition: boolean;
  isActive: boolean;
  sortOrder: string;
  themeId: string;
  vip: boolean;
  durationMonths: string;
  unlocks: string;
  usernameIcon: boolean;
  features: string;
}

function draftOf(item: ShopItem | null, categories: ShopCategory[]): Draft {
  const m = item?.metadata ?? {};
  return {
    categoryId: item?.categoryId ?? categories[0]?.id ?? '',
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: item ? item.priceGbp.toFixed(2) : '',
    icon: item?.icon ?? '',
    imageUrl: item?.imageUrl ?? '',
    gradientClass: item?.gradientClass ?? '',
    stock: item?.stockQuantity === null || item === null ? '' : String(item.stockQuantity),
    isLimitedEdition: item?.isLimitedEdition ?? false,
    isActive: item?.isActive ?? true,
    sortOrder: String(item?.sortOrder ?? 0),
    themeId: m.themeId ?? '',
    vip: m.vip ?? false,
    durationMonths: m.durationMonths ? String(m.durationMonths) : '',
    unlocks: m.unlocks ?? '',
    usernameIcon: m.usernameIcon ?? false,
    features: (m.features ?? []).join('\n'),
  };
}

/** The draft as the API's fields; numbers that do not parse are sent as they are, for the server to refuse. */
function fieldsOf(d: Draft): Partial<ItemFields> {
  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  const metadata: ItemMetadata = {};
  if (d.themeId) metadata.themeId = d.themeId as ItemMetadata['themeId'];
  if (d.vip) metadata.vip = true;
  if (d.durationMonths.trim()) metadata.durationMonths = Number(d.durationMonths);
  if (d.unlocks) metadata.unlocks = d.unlocks as ItemMetadata['unlocks'];
  if (d.usernameIcon) metadata.usernameIcon = true;
  const features = d.features
    .split('\n')
    .map((f) => f.trim())
    .filter(Boolean);
  if (features.length) metadata.features = features;
  return {
    categoryId: d.categoryId,
    name: d.name,
    description: d.description,
    priceGbp: Number(d.price),
    icon: d.icon || null,
    imageUrl: d.imageUrl || null,
    gradientClass: (d.gradientClass || null) as ItemFields['gradientClass'],
    stockQuantity: num(d.stock),
    isLimitedEdition: d.isLimitedEdition,
    isActive: d.isActive,
    sortOrder: num(d.sortOrder) ?? 0,
    metadata,
  };
}

type Flag = { [K in keyof Draft]: Draft[K] extends boolean ? K : never }[keyof Draft];

/** Create or really edit an item (every field, metadata included); the server validates. */
export function ItemFormDialog({
  item,
  categories,
  onClose,
}: {
  item: ShopItem | null;
  categories: ShopCategory[];
  onClose: () => void;
}) {
  const [d, setD] = useState(() => draftOf(item, categories));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveItem();
  const id = useId();
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((old) => ({ ...old, [k]: v }));
  const text = (k: keyof Draft) => ({
    id: `${id}-${k}`,
    value: d[k] as string,
    onChange: (e: { target: { value: string } }) => set(k, e.target.value as never),
    'aria-invalid': errors[k] ? true : undefined,
  });
  const flag = (k: Flag) => ({ checked: d[k], onChange: (v: boolean) => set(k, v) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const required: [keyof Draft, string][] = [
      ['categoryId', 'Category is required'],
      ['name', 'Name is required'],
      ['description', 'Description is required'],
      ['price', 'Price is required'],
    ];
    const missing = Object.fromEntries(required.filter(([k]) => !String(d[k]).trim()));
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(
      { id: item?.id ?? null, fields: fieldsOf(d) },
      {
        onSuccess: () => {
          toast.success(item ? 'Item saved.' : 'Item created.');
          onClose();
        },
        onError: (err) => {
          const fields = isApiError(err) ? (err.fields ?? {}) : {};
          const byDraft: Record<string, string> = {};
          for (const [k, v] of Object.entries(fields))
            byDraft[k === 'priceGbp' ? 'price' : k.replace(/^metadata\./, '')] = v;
          setErrors(byDraft);
          setFormError(errorMessage(err));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={item ? `Edit ${item.name}` : 'New item'} className="max-w-2xl">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-categoryId`} label="Category" error={errors.categoryId}>
          <Select {...text('categoryId')}>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          <Input {...text('name')} maxLength={80} data-autofocus />
        </Field>
        <Field
          id={`${id}-description`}
          label="Description"
          error={errors.description}
          className="sm:col-span-2"
        >
          <Textarea {...text('description')} maxLength={500} />
        </Field>
        <Field
          id={`${id}-price`}
          label="Price (£)"
          error={errors.price}
          hint="Costs this many tokens, rounded up."
        >
          <Input {...text('price')} type="number" min={0} step={0.01} inputMode="decimal" />
        </Field>
        <Field id={`${id}-icon`} label="Icon (emoji)" error={errors.icon}>
          <Input {...text('icon')} maxLength={16} />
        </Field>
        <Field id={`${id}-stock`} label="Stock" error={errors.stockQuantity} hint="Empty: not counted.">
          <Input {...text('stock')} type="number" min={0} step={1} inputMode="numeric" />
        </Field>
        <Field id={`${id}-sortOrder`} label="Sort order" error={errors.sortOrder}>
          <Input {...text('sortOrder')} type="number" step={1} inputMode="numeric" />
        </Field>
        <Field id={`${id}-gradientClass`} label="Card colours" error={errors.gradientClass}>
          <Select {...text('gradientClass')}>
            <option value="">Station pink (default)</option>
            {ITEM_GRADIENTS.map((g) => (
              <option key={g} value={g}>
                {g.replace(/from-|to-/g, '').replace(' ', ' → ')}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-imageUrl`} label="Image address" error={errors.imageUrl} hint="Optional, https://…">
          <Input {...text('imageUrl')} type="url" maxLength={500} />
        </Field>
        <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-700 p-4 sm:col-span-2">
          <legend className="px-1 font-semibold text-slate-200 text-sm">What it gives</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id={`${id}-themeId`} label="Website theme" error={errors.themeId}>
              <Select {...text('themeId')}>
                <option value="">None</option>
                {THEME_IDS.filter((t) => t !== 'default').map((t) => (
                  <option key={t} value={t}>
                    {THEMES[t].name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={`${id}-unlocks`} label="Unlocks" error={errors.unlocks}>
              <Select {...text('unlocks')}>
                <option value="">Nothing</option>
                {FEATURE_KEYS.map((f) => (
                  <option key={f} value={f}>
                    {FEATURE_NAMES[f]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id={`${id}-durationMonths`}
              label="VIP months"
              error={errors.durationMonths}
              hint="Empty: lifetime."
            >
              <Input {...text('durationMonths')} type="number" min={1} max={120} step={1} disabled={!d.vip} />
            </Field>
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-slate-200 text-sm">
            <Check {...flag('vip')}>VIP subscription (bought again to extend)</Check>
            <Check {...flag('usernameIcon')}>Username icon</Check>
          </div>
          <Field id={`${id}-features`} label="Features (one per line)" error={errors.features}>
            <Textarea {...text('features')} rows={3} />
          </Field>
        </fieldset>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-slate-200 text-sm sm:col-span-2">
          <Check {...flag('isActive')}>Active (shown in the shop)</Check>
          <Check {...flag('isLimitedEdition')}>Limited edition</Check>
        </div>
        {formError ? <Alert className="sm:col-span-2">{formError}</Alert> : null}
        <FormActions
          className="sm:col-span-2"
          onCancel={onClose}
          submitLabel={item ? 'Save item' : 'Create item'}
          busy={save.isPending}
        />
      </form>
    </Dialog>
  );
}
