import type { CarouselImage } from '@shared/contracts/carousel';
import { CAROUSEL_TEXTS } from '@shared/texts/content';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { EditDeleteButtons } from '@web/components/edit-delete-buttons';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyNote } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { TabHeader } from '@web/features/admin/components/tab-header';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { useAllCarousel, useDeleteCarouselImage, useMoveCarouselImage, useUpdateCarouselImage } from '../api';
import { CarouselImageDialog } from './carousel-image-dialog';

/**
 * Admin Panel › Carousel: the images in display order with the add/edit modal, the active
 * toggle, up/down reorder (never past either end) and delete after confirmation.
 */
export function CarouselAdminTab() {
  const images = useAllCarousel();
  const update = useUpdateCarouselImage();
  const move = useMoveCarouselImage();
  const remove = useDeleteCarouselImage();
  const [dialog, setDialog] = useState<{ image: CarouselImage | null } | null>(null);

  const onToggle = (img: CarouselImage) =>
    update.mutate(
      { id: img.id, patch: { isActive: !img.isActive } },
      { onError: () => toast.error(CAROUSEL_TEXTS.saveFailed) },
    );
  const onMove = (img: CarouselImage, direction: 'up' | 'down') =>
    move.mutate({ id: img.id, direction }, { onError: () => toast.error(CAROUSEL_TEXTS.saveFailed) });
  const onDelete = (img: CarouselImage) => {
    if (!window.confirm(CAROUSEL_TEXTS.confirmDelete)) return;
    remove.mutate(img.id, {
      onSuccess: () => toast.success('Carousel image deleted.'),
      onError: () => toast.error(CAROUSEL_TEXTS.deleteFailed),
    });
  };

  return (
    <section
      aria-labelledby="carousel-admin-heading"
      className="flex flex-col gap-5"
      data-testid="carousel-admin"
    >
      <TabHeader
        id="carousel-admin-heading"
        title="Homepage Carousel"
        actions={
          <Button
            icon={<ImagePlus aria-hidden className="size-4" />}
            onClick={() => setDialog({ image: null })}
          >
            Add image
          </Button>
        }
      >
        Active images rotate on the home page every 5 seconds, in this order.
      </TabHeader>
      {images.isPending ? (
        <LoadingState label="Loading carousel..." />
      ) : images.isError ? (
        <Alert>{errorMessage(images.error)}</Alert>
      ) : images.data.length === 0 ? (
        <EmptyNote>No carousel images yet: the home page shows the station's built-in pictures.</EmptyNote>
      ) : (
        <ol
          aria-label="Carousel images"
          className="divide-y divide-slate-700 overflow-hidden rounded-xl border border-slate-700 bg-slate-900/70"
        >
          {images.data.map((img, i) => {
            const label = img.title ?? `Image ${i + 1}`;
            return (
              <li
                key={img.id}
                data-testid="carousel-admin-row"
                className={clsx('flex flex-wrap items-center gap-4 p-4', !img.isActive && 'opacity-70')}
              >
                <img
                  src={img.imageUrl}
                  alt=""
                  className="aspect-[8/3] w-36 shrink-0 rounded-lg border border-slate-700 object-cover"
                />
                <div className="min-w-0 flex-1 basis-40">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="break-words font-semibold text-white">{label}</span>
                    {img.isActive ? null : <Badge>Inactive</Badge>}
                  </p>
                  <p className="truncate text-slate-400 text-xs">{img.linkUrl ?? 'No link'}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Switch
                    checked={img.isActive}
                    tone="emerald"
                    aria-label={`Active: ${label}`}
                    disabled={update.isPending && update.variables?.id === img.id}
                    onChange={() => onToggle(img)}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${label} up`}
                    disabled={i === 0 || move.isPending}
                    icon={<ArrowUp aria-hidden className="size-4" />}
                    onClick={() => onMove(img, 'up')}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${label} down`}
                    disabled={i === images.data.length - 1 || move.isPending}
                    icon={<ArrowDown aria-hidden className="size-4" />}
                    onClick={() => onMove(img, 'down')}
                  />
                  <EditDeleteButtons
                    name={label}
                    onEdit={() => setDialog({ image: img })}
                    onDelete={() => onDelete(img)}
                    deleting={remove.isPending && remove.variables === img.id}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <CarouselImageDialog
        open={dialog !== null}
        image={dialog?.image ?? null}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}
