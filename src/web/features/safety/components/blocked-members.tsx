import { SAFETY_TEXTS } from '@shared/texts/safety';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { useBlocks, useUnblock } from '../api';

/** Profile settings: the members I blocked, each with Unblock. */
export function BlockedMembers() {
  const blocks = useBlocks();
  const unblock = useUnblock();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-300 text-sm">{SAFETY_TEXTS.blockedHint}</p>
      {blocks.isPending ? (
        <LoadingState label="Loading blocked members..." />
      ) : blocks.isError ? (
        <Alert>{errorMessage(blocks.error)}</Alert>
      ) : blocks.data.length === 0 ? (
        <p className="text-slate-400 text-sm">{SAFETY_TEXTS.noneBlocked}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={SAFETY_TEXTS.blockedTitle}>
          {blocks.data.map(({ member }) => (
            <li
              key={member.id}
              className="flex items-center gap-3 rounded-xl border border-slate-700/80 bg-slate-900/70 px-3 py-2"
            >
              <Avatar src={member.picture} name={member.displayName} size="sm" />
              <span className="min-w-0 flex-1 truncate text-white">{member.displayName}</span>
              <Button
                variant="secondary"
                size="sm"
                busy={unblock.isPending && unblock.variables === member.id}
                aria-label={`Unblock ${member.displayName}`}
                onClick={() =>
                  unblock.mutate(member.id, {
                    onSuccess: () => toast.success(SAFETY_TEXTS.unblocked(member.displayName)),
                    onError: (err) => toast.error(errorMessage(err)),
                  })
                }
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
