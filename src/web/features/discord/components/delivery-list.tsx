import type { DeliveryView } from '@shared/contracts/discord';
import { errorMessage } from '@web/app/data/api-client';
import { formatMessageTime } from '@web/app/format-date';
import { toast } from '@web/app/toast/toast';
import { SectionTitle } from '@web/components/section-title';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { History, RotateCcw } from 'lucide-react';
import { useDeliveries, useRetryDelivery } from '../api';

const STATUS_TONE = { queued: 'amber', sending: 'blue', sent: 'green', failed: 'red' } as const;
const KIND_LABEL: Record<DeliveryView['kind'], string> = {
  composer: 'Composer',
  news: 'News',
  live: 'Live show',
  chart: 'Weekly chart',
  article: 'New article',
};

/** Messages sent to Discord and their state, with attempts and Discord's answer when one failed. */
export function DeliveryList() {
  const deliveries = useDeliveries();
  const retry = useRetryDelivery();
  return (
    <Card className="p-5">
      <SectionTitle icon={History} className="mb-4">
        Sent and failed messages
      </SectionTitle>
      {deliveries.isPending ? (
        <LoadingState label="Loading messages..." />
      ) : (deliveries.data ?? []).length === 0 ? (
        <p className="text-slate-300">Nothing has been sent to Discord yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-800" data-testid="discord-deliveries">
          {deliveries.data?.map((d) => (
            <li
              key={d.id}
              data-testid="discord-delivery"
              data-status={d.status}
              className="flex flex-col gap-1 py-3"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={STATUS_TONE[d.status]}>{d.status}</Badge>
                <Badge tone="violet">{KIND_LABEL[d.kind]}</Badge>
                <span className="text-slate-400 text-xs">
                  {formatMessageTime(d.sentAt ?? d.createdAt)} · {d.attempts} attempt
                  {d.attempts === 1 ? '' : 's'}
                </span>
                {d.status === 'failed' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                    icon={<RotateCcw aria-hidden className="size-4" />}
                    busy={retry.isPending && retry.variables === d.id}
                    onClick={() => retry.mutate(d.id, { onError: (err) => toast.error(errorMessage(err)) })}
                  >
                    Retry
                  </Button>
                ) : null}
              </div>
              <p className="break-words text-slate-100 text-sm">{d.summary || '(embed)'}</p>
              {d.error ? <p className="break-words text-red-300 text-xs">{d.error}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
