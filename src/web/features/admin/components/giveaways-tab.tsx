import { PartyPopper } from 'lucide-react';
import { ComingSoon } from './coming-soon';

/** Admin Panel › Giveaways: a placeholder ('coming soon'), naming what it will hold. */
export function GiveawaysTab() {
  return (
    <ComingSoon
      title="Giveaways"
      icon={<PartyPopper aria-hidden className="size-6" />}
      summary="On-air competitions and prize draws for listeners."
      features={[
        'Create a giveaway with its prize, rules and closing time',
        'Members enter from the site; one entry each',
        'Draw a winner fairly and notify them',
      ]}
    />
  );
}
