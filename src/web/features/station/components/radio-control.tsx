import { HOME_TEXTS, PLAYER_TEXTS, STATION_TEXTS } from '@shared/texts/station';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { HeadingBlock } from '@web/components/heading-block';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { Headphones, Mic, Power, RefreshCw, Server, SkipForward, Unplug } from 'lucide-react';
import { type EngineStatusData, type RadioAction, useRadioCommand, useStationStatus } from '../control-api';

export const BACKEND_LABELS: Record<EngineStatusData['kind'], string> = {
  builtin: 'Built-in engine (Icecast + Liquidsoap)',
  azuracast: 'AzuraCast',
  icecast: 'Icecast (read-only)',
  none: 'None selected',
};

const CONFIRM: Partial<Record<RadioAction, string>> = {
  disconnect: 'Disconnect the live presenter? The AutoDJ takes over until they connect again.',
  restart: 'Restart the station engine? Listeners hear a short silence while it restarts.',
};

/** Admin Panel › Radio Control: the engine's real state and the skip, disconnect and restart commands. */
export function RadioControl() {
  const status = useStationStatus();
  const command = useRadioCommand();

  const run = (action: RadioAction) => {
    const question = CONFIRM[action];
    if (question && !window.confirm(question)) return;
    command.mutate(action, {
      onSuccess: (r) => toast.success(r.message || STATION_TEXTS.commandOk(action)),
      onError: (err) => {
        const detail = errorMessage(err, '');
        const text = STATION_TEXTS.commandFailed(action);
        toast.error(text, detail && detail !== text ? { description: detail } : undefined);
      },
    });
  };

  if (status.isPending) return <LoadingState label="Loading station status..." />;
  if (status.isError) return <Alert>{errorMessage(status.error)}</Alert>;
  const s = status.data;
  const busy = (a: RadioAction) => command.isPending && command.variables === a;

  return (
    <section
      aria-labelledby="radio-control-heading"
      className="flex flex-col gap-5"
      data-testid="radio-control"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <HeadingBlock id="radio-control-heading" title="Radio Control">
          The station engine as it is right now.
        </HeadingBlock>
        <Button
          variant="ghost"
          size="sm"
          busy={status.isFetching}
          icon={<RefreshCw aria-hidden className="size-4" />}
          onClick={() => void status.refetch()}
        >
          Refresh
        </Button>
      </div>

      <div className="grid gap-3 sm:grid-cols-3">
        <Card className="flex flex-col gap-2 p-4">
          <span className="flex items-center gap-2 text-slate-400 text-sm">
            <Server aria-hidden className="size-4" /> Engine
          </span>
          <span className="font-semibold text-white">{BACKEND_LABELS[s.kind]}</span>
          <span>
            {s.onAir ? (
              <Badge tone="green">On air</Badge>
            ) : (
              <Badge tone="red">{s.configured ? 'Off air' : 'Not configured'}</Badge>
            )}
          </span>
        </Card>
        <Card className="flex flex-col gap-2 p-4">
          <span className="flex items-center gap-2 text-slate-400 text-sm">
            <Headphones aria-hidden className="size-4" /> Listeners
          </span>
          <span className="font-extrabold text-3xl text-white tabular-nums" data-testid="control-listeners">
            {s.listeners}
          </span>
        </Card>
        <Card className="flex flex-col gap-2 p-4">
          <span className="flex items-center gap-2 text-slate-400 text-sm">
            <Mic aria-hidden className="size-4" /> On air
          </span>
          <span className="font-semibold text-white" data-testid="control-live">
            {!s.onAir
              ? 'Nothing'
              : s.live.isLive
                ? (s.live.streamerName ?? 'Live presenter')
                : HOME_TEXTS.autoDj}
          </span>
          {!s.onAir ? null : s.live.isLive ? (
            <Badge tone="red">Live</Badge>
          ) : (
            <Badge tone="violet">Automatic</Badge>
          )}
        </Card>
      </div>

      {!s.configured ? (
        <Alert>
          <p className="font-semibold">{PLAYER_TEXTS.notConfigured}</p>
          {s.details.map((d) => (
            <p key={d.label}>
              {d.label}: {d.value}
            </p>
          ))}
        </Alert>
      ) : s.details.length > 0 ? (
        <Card className="p-4">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {s.details.map((d) => (
              <div key={d.label} className="contents">
                <dt className="text-slate-400">{d.label}</dt>
                <dd className="break-all text-slate-100">{d.value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}

      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={!s.supports.commands || command.isPending}
            busy={busy('skip')}
            icon={<SkipForward aria-hidden className="size-4" />}
            onClick={() => run('skip')}
          >
            Skip song
          </Button>
          <Button
            variant="secondary"
            disabled={!s.supports.commands || !s.live.isLive || command.isPending}
            busy={busy('disconnect')}
            icon={<Unplug aria-hidden className="size-4" />}
            onClick={() => run('disconnect')}
            title={s.live.isLive ? undefined : 'No presenter is connected'}
          >
            Disconnect live presenter
          </Button>
          <Button
            variant="danger"
            disabled={!s.supports.commands || command.isPending}
            busy={busy('restart')}
            icon={<Power aria-hidden className="size-4" />}
            onClick={() => run('restart')}
          >
            Restart engine
          </Button>
        </div>
        {s.supports.commands ? null : (
          <p className="text-slate-400 text-sm">This radio backend does not take commands from the site.</p>
        )}
      </div>
    </section>
  );
}
