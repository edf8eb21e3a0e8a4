import { IDEA_STATUSES, type Idea, type IdeaStatus } from '@shared/contracts/staff';
import { PRESENTER_TEXTS } from '@shared/texts/staff';
import { errorMessage } from '@web/app/data/api-client';
import { formatDay } from '@web/app/format-date';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Select } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { Hand, Lightbulb, Plus, Trash2 } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useClaimIdea, useDeleteIdea, useIdeas, useSetIdeaStatus } from '../api';
import { IdeaDialog } from './idea-dialog';
import { SectionHeader } from './section-header';

export const IDEA_STATUS_LABELS: Record<IdeaStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  in_progress: 'In progress',
  completed: 'Completed',
  rejected: 'Rejected',
};
const TONES: Record<IdeaStatus, ComponentProps<typeof Badge>['tone']> = {
  pending: 'amber',
  approved: 'green',
  in_progress: 'blue',
  completed: 'violet',
  rejected: 'red',
};

/** Ideas: pitch a show idea ('Add Idea'), claim a pending one; admins set any status or delete. */
export function IdeasTab() {
  const { me } = useMe();
  const ideas = useIdeas();
  const claim = useClaimIdea();
  const setStatus = useSetIdeaStatus();
  const remove = useDeleteIdea();
  const [adding, setAdding] = useState(false);
  const isAdmin = Boolean(me?.isAdmin);

  const onClaim = (idea: Idea) =>
    claim.mutate(idea.id, {
      onSuccess: () => toast.success(`You claimed "${idea.title}".`),
      onError: (err) => {
        const detail = errorMessage(err, '');
        toast.error(PRESENTER_TEXTS.ideaClaimFailed, detail ? { description: detail } : undefined);
      },
    });
  const onStatus = (idea: Idea, status: IdeaStatus) =>
    setStatus.mutate({ id: idea.id, status }, { onError: (err) => toast.error(errorMessage(err)) });
  const onDelete = (idea: Idea) => {
    if (!window.confirm(`Delete the idea "${idea.title}"?`)) return;
    remove.mutate(idea.id, {
      onSuccess: () => toast.success('Idea deleted.'),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return (
    <div>
      <SectionHeader
        title="Show Ideas"
        description="Pitch an idea for a show or a feature; claim one to make it happen."
        action={
          <Button icon={<Plus aria-hidden className="size-4" />} onClick={() => setAdding(true)}>
            {PRESENTER_TEXTS.addIdea}
          </Button>
        }
      />
      {ideas.isPending ? (
        <LoadingState label="Loading ideas..." />
      ) : ideas.isError ? (
        <Alert>{errorMessage(ideas.error)}</Alert>
      ) : ideas.data.length === 0 ? (
        <EmptyState
          icon={<Lightbulb aria-hidden className="size-7" />}
          title="No ideas yet"
          body="Be the first to pitch one."
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Ideas">
          {ideas.data.map((idea) => (
            <li
              key={idea.id}
              data-testid="idea-card"
              className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5"
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="min-w-0 break-words font-semibold text-lg text-white">{idea.title}</h3>
                <Badge tone={TONES[idea.status]}>{IDEA_STATUS_LABELS[idea.status]}</Badge>
              </div>
              <p className="whitespace-pre-line break-words text-slate-300 text-sm">{idea.description}</p>
              <p className="text-slate-400 text-xs">
                {idea.author ? `Pitched by ${idea.author.name}` : 'Pitched'} on {formatDay(idea.createdAt)}
                {idea.claimedBy ? ` · claimed by ${idea.claimedBy.name}` : ''}
              </p>
              <div className="mt-auto flex flex-wrap items-center gap-2">
                {idea.status === 'pending' && !idea.claimedBy ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Hand aria-hidden className="size-4" />}
                    busy={claim.isPending && claim.variables === idea.id}
                    onClick={() => onClaim(idea)}
                    aria-label={`Claim ${idea.title}`}
                  >
                    Claim
                  </Button>
                ) : null}
                {isAdmin ? (
                  <>
                    <label className="sr-only" htmlFor={`idea-status-${idea.id}`}>
                      Status of {idea.title}
                    </label>
                    <Select
                      id={`idea-status-${idea.id}`}
                      value={idea.status}
                      onChange={(e) => onStatus(idea, e.target.value as IdeaStatus)}
                      className="h-8 w-auto"
                    >
                      {IDEA_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {IDEA_STATUS_LABELS[s]}
                        </option>
                      ))}
                    </Select>
                    <Button
                      size="sm"
                      variant="danger"
                      icon={<Trash2 aria-hidden className="size-4" />}
                      onClick={() => onDelete(idea)}
                      aria-label={`Delete ${idea.title}`}
                    >
                      Delete
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <IdeaDialog open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
