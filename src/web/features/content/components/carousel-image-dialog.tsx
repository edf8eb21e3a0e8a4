import { zodResolver } from '@hookform/resolvers/zod';
import { type CarouselImage, CarouselInput } from '@shared/contracts/carousel';
import { CAROUSEL_TEXTS } from '@shared/texts/content';
import { errorMessage } from '@web/app/data/api-client';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { describedBy, Field, Input } from '@web/components/ui/input';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAddCarouselImage, useUpdateCarouselImage, useUploadCarouselImage } from '../api';

type FormIn = z.input<typeof CarouselInput>;
type FormOut = z.output<typeof CarouselInput>;
const FIELDS = ['imageUrl', 'title', 'linkUrl'] as const;

/**
 * The carousel's add/edit modal: image URL required (a web address, or upload a picture),
 * title and link optional, active.
 */
export function CarouselImageDialog({
  open,
  image,
  onClose,
}: {
  open: boolean;
  /** The image to edit; a new one when null. */
  image: CarouselImage | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={image ? 'Edit carousel image' : 'Add carousel image'}>
      <CarouselImageForm key={image?.id ?? 'new'} image={image} onDone={onClose} />
    </Dialog>
  );
}

function CarouselImageForm({ image, onDone }: { image: CarouselImage | null; onDone: () => void }) {
  const id = useId();
  const add = useAddCarouselImage();
  const update = useUpdateCarouselImage();
  const upload = useUploadCarouselImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(CarouselInput),
    defaultValues: {
      imageUrl: image?.imageUrl ?? '',
      title: image?.title ?? '',
      linkUrl: image?.linkUrl ?? '',
      isActive: image?.isActive ?? true,
    },
  });
  const { errors } = form.formState;
  const preview = form.watch('imageUrl');

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => form.setValue('imageUrl', url, { shouldValidate: true, shouldDirty: true }),
      onError: (err) => form.setError('imageUrl', { type: 'server', message: errorMessage(err) }),
      onSettled: () => {
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      if (image) await update.mutateAsync({ id: image.id, patch: values });
      else await add.mutateAsync(values);
      toast.success(image ? 'Carousel image saved.' : 'Carousel image added.');
      onDone();
    } catch (err) {
      toast.error(CAROUSEL_TEXTS.saveFailed);
      applyServerError(form.setError, err, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="carousel-image-form">
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <Field
        id={`${id}-url`}
        label="Image URL"
        error={errors.imageUrl?.message}
        hint="A web address (https://…), or upload a picture (JPG, PNG, GIF or WebP, up to 5 MB)."
      >
        <div className="flex gap-2">
          <Input
            inputMode="url"
            autoComplete="off"
            placeholder="https://…"
            data-autofocus
            {...describedBy(`${id}-url`, errors.imageUrl?.message, true)}
            {...form.register('imageUrl')}
          />
          <label
            className="inline-flex h-10 shrink-0 cursor-pointer items-center gap-2 rounded-lg border border-slate-600 bg-slate-800 px-3 font-semibold text-slate-100 text-sm transition hover:border-slate-400 has-[:focus-visible]:outline-2"
            aria-busy={upload.isPending || undefined}
          >
            <Upload aria-hidden className="size-4" />
            {upload.isPending ? 'Uploading...' : 'Upload'}
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              className="sr-only"
              onChange={onFile}
              disabled={upload.isPending}
            />
          </label>
        </div>
      </Field>
      {preview && !errors.imageUrl ? (
        <img
          src={preview}
          alt=""
          className="aspect-[8/3] w-full rounded-xl border border-slate-700 object-cover"
        />
      ) : null}
      <Field id={`${id}-title`} label="Title (optional)" error={errors.title?.message}>
        <Input
          autoComplete="off"
          {...describedBy(`${id}-title`, errors.title?.message)}
          {...form.register('title')}
        />
      </Field>
      <Field
        id={`${id}-link`}
        label="Link URL (optional)"
        error={errors.linkUrl?.message}
        hint="Where a click on the image goes: https://… or a page here such as /schedule."
      >
        <Input
          inputMode="url"
          autoComplete="off"
          {...describedBy(`${id}-link`, errors.linkUrl?.message, true)}
          {...form.register('linkUrl')}
        />
      </Field>
      <label className="flex items-center gap-2 text-slate-200 text-sm">
        <input type="checkbox" className="size-4 accent-pink-500" {...form.register('isActive')} />
        Active (shown on the home page)
      </label>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={add.isPending || update.isPending} disabled={upload.isPending}>
          {image ? 'Save' : 'Add image'}
        </Button>
      </div>
    </form>
  );
}
