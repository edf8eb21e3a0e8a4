import { Avatar } from '@web/components/ui/avatar';
import type { ReactNode } from 'react';

/** The top of a person's card in a grid: picture or initial, name, then what `children` say under it. */
export function PersonCardHead({
  person,
  heading: Heading,
  children,
}: {
  person: { displayName: string; picture: string | null | undefined };
  /** The name's heading level on its page. */
  heading: 'h2' | 'h3';
  children: ReactNode;
}) {
  return (
    <>
      <Avatar src={person.picture} name={person.displayName} size="lg" />
      <div className="flex min-w-0 max-w-full flex-col items-center gap-1.5">
        <Heading className="max-w-full truncate font-bold text-lg text-white" title={person.displayName}>
          {person.displayName}
        </Heading>
        {children}
      </div>
    </>
  );
}
