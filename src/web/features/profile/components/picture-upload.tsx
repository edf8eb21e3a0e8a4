import type { Me } from '@shared/contracts/accounts';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Camera, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useUploadPicture } from '../api';
import { pictureProblem } from '../picture-rules';

/** Choose a picture (checked here: type and 5 MB), preview it, upload it as the request body. */
export function PictureUpload({ me }: { me: Me }) {
  const upload = useUploadPicture();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const reset = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    if (!chosen) return;
    const why = pictureProblem(chosen);
    setProblem(why);
    if (why) return reset();
    setFile(chosen);
  };

  const onUpload = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        toast.success('Profile picture updated.');
        reset();
      },
      onError: (err) => setProblem(errorMessage(err)),
    });
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar src={preview ?? me.profile.profilePicture} name={me.displayName} size="lg" />
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={id}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-600 bg-slate-800 px-4 font-semibold text-slate-100 text-sm transition hover:border-slate-400 focus-within:outline-2 focus-within:outline-pink-400"
          >
            <Camera aria-hidden className="size-4" />
            {me.profile.profilePicture ? 'Change picture' : 'Choose picture'}
            <input
              ref={input}
              id={id}
              type="file"
              accept="image/*"
              onChange={onChoose}
              aria-describedby={`${id}-hint`}
              data-testid="picture-input"
              className="sr-only"
            />
          </label>
          {file ? (
            <>
              <Button
                onClick={onUpload}
                busy={upload.isPending}
                icon={<Upload aria-hidden className="size-4" />}
              >
                Upload
              </Button>
              <Button variant="ghost" onClick={reset} disabled={upload.isPending}>
                Cancel
              </Button>
            </>
          ) : null}
        </div>
        <p id={`${id}-hint`} className="text-slate-400 text-xs">
          Max 5MB. JPG, PNG or GIF.
        </p>
        {problem ? (
          <p role="alert" className="text-red-300 text-sm">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
