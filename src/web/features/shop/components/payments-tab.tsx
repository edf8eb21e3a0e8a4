import { type AdminOrder, ORDER_STATUSES, type OrderStatus } from '@shared/contracts/shop';
import { SHOP_TEXTS } from '@shared/texts/shop';
import { errorMessage } from '@web/app/data/api-client';
import { formatClock, formatDay } from '@web/app/format-date';
import { HeadingBlock } from '@web/components/heading-block';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { type DataColumn, DataTable } from '@web/components/ui/data-table';
import { EmptyNote } from '@web/components/ui/empty-state';
import { Select } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { useId, useState } from 'react';
import { useOrdersReport } from '../api';

const TONE: Record<OrderStatus, 'green' | 'amber' | 'neutral' | 'red' | 'violet'> = {
  paid: 'green',
  pending: 'amber',
  expired: 'neutral',
  failed: 'red',
  refunded: 'violet',
  disputed: 'red',
};

const ORDER_COLUMNS: DataColumn[] = [
  { label: 'Date' },
  { label: 'Member' },
  { label: 'Tokens', align: 'right' },
  { label: 'Amount', align: 'right' },
  { label: 'Status' },
];

const money = (gbp: number) => `£${gbp.toFixed(2)}`;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-slate-700/80 bg-slate-900/70 p-4">
      <p className="text-slate-400 text-sm">{label}</p>
      <p className="font-extrabold text-2xl text-white">{value}</p>
    </div>
  );
}

function OrderRow({ o }: { o: AdminOrder }) {
  return (
    <tr className="border-slate-700/80 border-t">
      <td className="whitespace-nowrap px-3 py-2 text-slate-300">
        {formatDay(o.createdAt)} <span className="text-slate-400">{formatClock(o.createdAt)}</span>
      </td>
      <td className="max-w-48 truncate px-3 py-2 text-white">{o.memberName}</td>
      <td className="px-3 py-2 text-right text-slate-200">{o.tokens}</td>
      <td className="px-3 py-2 text-right text-white">{money(o.amountGbp)}</td>
      <td className="px-3 py-2">
        <Badge tone={TONE[o.status]}>{o.status}</Badge>
        {o.refundedTokens > 0 && o.status !== 'refunded' ? (
          <span className="ml-2 text-slate-400 text-xs">{o.refundedTokens} refunded</span>
        ) : null}
        {o.disputeStatus ? (
          <span className="ml-2 text-slate-400 text-xs">dispute {o.disputeStatus}</span>
        ) : null}
      </td>
    </tr>
  );
}

/** Admin panel, Payments tab: card orders with member, tokens, amount, status and date, and the totals. */
export function PaymentsTab() {
  const id = useId();
  const report = useOrdersReport();
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');

  if (report.isPending) return <LoadingState label="Loading payments..." />;
  if (report.isError) return <Alert>{errorMessage(report.error)}</Alert>;
  const { orders, totals, cardPayments } = report.data;
  const shown = status === 'all' ? orders : orders.filter((o) => o.status === status);

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <HeadingBlock id={`${id}-title`} title="Payments">
        Token purchases by card (Stripe Checkout).
      </HeadingBlock>
      {cardPayments.configured ? null : (
        <p
          role="status"
          className="rounded-xl border border-amber-500/40 bg-amber-500/10 p-3 text-amber-200 text-sm"
        >
          {SHOP_TEXTS.cardPaymentsOff} Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to turn them on.
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        <Stat label="Revenue" value={money(totals.revenueGbp)} />
        <Stat label="Refunded" value={money(totals.refundedGbp)} />
        <Stat label="Disputed" value={money(totals.disputedGbp)} />
        <Stat label="Paid orders" value={String(totals.paidCount)} />
        <Stat label="Pending" value={String(totals.pendingCount)} />
        <Stat label="Tokens sold" value={String(totals.tokensSold)} />
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-status`} className="text-slate-300 text-sm">
          Status
        </label>
        <Select
          id={`${id}-status`}
          value={status}
          onChange={(e) => setStatus(e.target.value as OrderStatus | 'all')}
          className="w-44"
        >
          <option value="all">All orders</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </div>
      {shown.length === 0 ? (
        <EmptyNote>No orders yet.</EmptyNote>
      ) : (
        <DataTable
          columns={ORDER_COLUMNS}
          className="rounded-2xl border border-slate-700/80 bg-slate-900/70"
          tableClassName="min-w-[36rem]"
          headClassName="text-slate-400"
          headCellClassName="px-3 py-2 font-medium"
        >
          {shown.map((o) => (
            <OrderRow key={o.id} o={o} />
          ))}
        </DataTable>
      )}
    </section>
  );
}
