import { Card } from '@web/components/ui/card';
import type { ReactNode } from 'react';

/** The card in the middle of a checkout's result page (/success, /failed). */
export function ResultPanel({ children }: { children: ReactNode }) {
  return (
    <div className="px-4 py-10 sm:px-6 sm:py-16">
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-10 text-center">
        {children}
      </Card>
    </div>
  );
}
