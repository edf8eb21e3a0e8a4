import { clsx } from 'clsx';
import type { ReactNode } from 'react';

type Tone = 'neutral' | 'accent' | 'violet' | 'red' | 'blue' | 'green' | 'amber';

const tones: Record<Tone, string> = {
  neutral: 'border-slate-600 bg-slate-800 text-slate-300',
  accent: 'border-pink-500/40 bg-pink-500/15 text-pink-300',
  violet: 'border-violet-500/40 bg-violet-500/15 text-violet-200',
  red: 'border-red-500/40 bg-red-500/15 text-red-300',
  blue: 'border-sky-500/40 bg-sky-500/15 text-sky-300',
  green: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-300',
  amber: 'border-amber-500/40 bg-amber-500/15 text-amber-300',
};

export function Badge({
  tone = 'neutral',
  icon,
  className,
  children,
}: {
  tone?: Tone;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-xs',
        tones[tone],
        className,
      )}
    >
      {icon}
      {children}
    </span>
  );
}

/** Colour for a role name: admin red, presenter blue, others grey (the members list). */
export function roleTone(role: string): Tone {
  if (role === 'admin') return 'red';
  if (role === 'presenter') return 'blue';
  return 'neutral';
}
