import { Button } from '@web/components/ui/button';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';

/** A small ghost button with a left arrow: back to the page or the list the visitor came from. */
export function BackButton({
  onClick,
  className,
  children,
}: {
  onClick: () => void;
  /** Where it sits (margins, and where it shows). */
  className: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      icon={<ArrowLeft aria-hidden className="size-4" />}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
