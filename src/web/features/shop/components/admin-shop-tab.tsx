import type { ShopCategory, ShopItem } from '@shared/contracts/shop';
import { LIMITS } from '@shared/limits';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { EditDeleteButtons } from '@web/components/edit-delete-buttons';
import { HeadingBlock } from '@web/components/heading-block';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyNote } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { FolderPlus, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useAdminCatalogue, useDeleteCategory, useDeleteItem, useSaveItem } from '../api';
import { CategoryFormDialog } from './category-form';
import { ItemFormDialog } from './item-form';

type Editing =
  | { kind: 'item'; item: ShopItem | null; categoryId?: string }
  | { kind: 'category'; category: ShopCategory | null }
  | null;

function ItemRow({ item, onEdit }: { item: ShopItem; onEdit: () => void }) {
  const save = useSaveItem();
  const remove = useDeleteItem();
  const toggle = () =>
    save.mutate(
      { id: item.id, fields: { isActive: !item.isActive } },
      { onError: (err) => toast.error(errorMessage(err)) },
    );
  const onDelete = () => {
    if (!window.confirm(`Are you sure you want to delete ${item.name}?`)) return;
    remove.mutate(item.id, {
      onSuccess: () => toast.success(`${item.name} deleted.`),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };
  return (
    <li data-testid="admin-shop-item" className="flex flex-wrap items-center gap-3 px-4 py-3">
      <span
        aria-hidden
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-800 text-xl"
      >
        {item.icon ?? '🎁'}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-white">{item.name}</p>
        <p className="text-slate-400 text-sm">
          £{item.priceGbp.toFixed(2)} · {item.tokenCost} tokens · order {item.sortOrder}
          {item.stockQuantity !== null ? ` · ${item.stockQuantity} in stock` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {item.isLimitedEdition ? <Badge tone="amber">Limited</Badge> : null}
        {item.metadata.vip ? <Badge tone="violet">VIP</Badge> : null}
        {item.metadata.themeId ? <Badge tone="blue">Theme</Badge> : null}
      </div>
      <Switch
        checked={item.isActive}
        onChange={toggle}
        disabled={save.isPending}
        aria-label={`${item.name} shown in the shop`}
      />
      <EditDeleteButtons
        name={item.name}
        onEdit={onEdit}
        onDelete={onDelete}
        deleting={remove.isPending}
        iconClassName="size-4"
        deleteText={null}
      />
    </li>
  );
}

function CategoryBlock({
  category,
  items,
  onEdit,
  onEditItem,
  onAddItem,
}: {
  category: ShopCategory;
  items: ShopItem[];
  onEdit: () => void;
  onEditItem: (item: ShopItem) => void;
  onAddItem: () => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const remove = useDeleteCategory();
  const shown = showAll ? items : items.slice(0, LIMITS.adminShopListFirst);
  const onDelete = () => {
    if (!window.confirm(`Are you sure you want to delete the ${category.name} category?`)) return;
    remove.mutate(category.id, {
      onSuccess: () => toast.success(`${category.name} deleted.`),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };
  return (
    <section
      aria-label={category.name}
      className="overflow-hidden rounded-2xl border border-slate-700/80 bg-slate-900/70"
    >
      <header className="flex flex-wrap items-center gap-2 border-slate-700/80 border-b px-4 py-3">
        <h3 className="mr-auto flex items-center gap-2 font-bold text-lg text-white">
          {category.icon ? <span aria-hidden>{category.icon}</span> : null}
          {category.name}
          <span className="font-normal text-slate-400 text-sm">/{category.slug}</span>
          {category.isActive ? null : <Badge>Hidden</Badge>}
        </h3>
        <Button size="sm" icon={<Plus aria-hidden className="size-4" />} onClick={onAddItem}>
          Add item
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={onEdit}
          aria-label={`Edit the ${category.name} category`}
          icon={<Pencil aria-hidden className="size-4" />}
        />
        <Button
          size="sm"
          variant="danger"
          busy={remove.isPending}
          onClick={onDelete}
          aria-label={`Delete the ${category.name} category`}
          icon={<Trash2 aria-hidden className="size-4" />}
        />
      </header>
      {items.length === 0 ? (
        <p className="px-4 py-6 text-center text-slate-400 text-sm">No items in this category yet.</p>
      ) : (
        <ul className="divide-y divide-slate-700/80">
          {shown.map((item) => (
            <ItemRow key={item.id} item={item} onEdit={() => onEditItem(item)} />
          ))}
        </ul>
      )}
      {items.length > LIMITS.adminShopListFirst ? (
        <button
          type="button"
          onClick={() => setShowAll((v) => !v)}
          className="w-full border-slate-700/80 border-t px-4 py-2 font-semibold text-pink-300 text-sm hover:bg-white/5"
        >
          {showAll ? 'Show the first 5' : `Show all ${items.length} items`}
        </button>
      ) : null}
    </section>
  );
}

/** Admin panel, Shop tab: categories and items with create, a real edit, delete after confirmation. */
export function AdminShopTab() {
  const catalogue = useAdminCatalogue();
  const [editing, setEditing] = useState<Editing>(null);
  const categories = catalogue.data?.categories ?? [];

  return (
    <section aria-labelledby="admin-shop-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <HeadingBlock id="admin-shop-heading" title="Shop">
          Sections and items members buy with tokens.
        </HeadingBlock>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            icon={<FolderPlus aria-hidden className="size-4" />}
            onClick={() => setEditing({ kind: 'category', category: null })}
          >
            New category
          </Button>
          <Button
            icon={<Plus aria-hidden className="size-4" />}
            disabled={categories.length === 0}
            onClick={() => setEditing({ kind: 'item', item: null })}
          >
            New item
          </Button>
        </div>
      </div>
      {catalogue.isPending ? (
        <LoadingState label="Loading shop..." />
      ) : catalogue.isError ? (
        <Alert>{errorMessage(catalogue.error)}</Alert>
      ) : categories.length === 0 ? (
        <EmptyNote>No categories yet: create one, then add items to it.</EmptyNote>
      ) : (
        categories.map((c) => (
          <CategoryBlock
            key={c.id}
            category={c}
            items={catalogue.data.items.filter((i) => i.categoryId === c.id)}
            onEdit={() => setEditing({ kind: 'category', category: c })}
            onEditItem={(item) => setEditing({ kind: 'item', item })}
            onAddItem={() => setEditing({ kind: 'item', item: null, categoryId: c.id })}
          />
        ))
      )}
      {editing?.kind === 'item' ? (
        <ItemFormDialog
          item={editing.item}
          categories={
            editing.categoryId
              ? [
                  ...categories.filter((c) => c.id === editing.categoryId),
                  ...categories.filter((c) => c.id !== editing.categoryId),
                ]
              : categories
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'category' ? (
        <CategoryFormDialog category={editing.category} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
