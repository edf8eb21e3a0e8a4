import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

const TONES = { pink: 'bg-pink-500', emerald: 'bg-emerald-500', red: 'bg-red-500' } as const;
const SIZES = {
  md: { track: 'h-6 w-11', thumb: 'size-5' },
  lg: { track: 'h-7 w-12', thumb: 'size-6' },
} as const;

type SwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role' | 'onClick' | 'onChange'> & {
  checked: boolean;
  onChange: () => void;
  /** The track's colour when on. */
  tone?: keyof typeof TONES;
  size?: keyof typeof SIZES;
  /** Shown inside the thumb (a spinner while saving). */
  thumb?: ReactNode;
};

/** An accessible on/off switch (role="switch"); name it with aria-label or aria-labelledby. */
export function Switch({
  checked,
  onChange,
  tone = 'pink',
  size = 'md',
  thumb,
  className,
  ...rest
}: SwitchProps) {
  const s = SIZES[size];
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={onChange}
      className={clsx(
        'relative inline-flex shrink-0 items-center rounded-full transition disabled:opacity-60',
        s.track,
        checked ? TONES[tone] : 'bg-slate-600',
        className,
      )}
      {...rest}
    >
      <span
        aria-hidden={thumb ? undefined : true}
        className={clsx(
          'flex items-center justify-center rounded-full bg-white shadow transition',
          s.thumb,
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      >
        {thumb}
      </span>
    </button>
  );
}
