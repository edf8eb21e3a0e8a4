import { SESSION_TYPE_LABELS } from '@shared/contracts/staff';
import { errorMessage } from '@web/app/data/api-client';
import { formatDay } from '@web/app/format-date';
import { Alert } from '@web/components/ui/alert';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { GraduationCap, Star } from 'lucide-react';
import { useTrainingSessions } from '../api';
import { QuizList } from './quiz-list';
import { QuizWriter } from './quiz-writer';
import { SectionHeader } from './section-header';
import { TrainingForm } from './training-form';

/** Radio Mentor: log a training session and see the sessions, with the trainee. */
export function MentorSection() {
  const sessions = useTrainingSessions();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <SectionHeader title="Radio Mentor" description="Log the training you give new presenters." />
        <Card className="p-5">
          <TrainingForm />
        </Card>
      </div>
      <section aria-labelledby="quizzes-heading" className="flex flex-col gap-3">
        <h3 id="quizzes-heading" className="font-bold text-lg text-white">
          Training quizzes
        </h3>
        <Card className="p-5">
          <QuizWriter />
        </Card>
        <QuizList />
      </section>
      <section aria-labelledby="sessions-heading">
        <h3 id="sessions-heading" className="mb-3 font-bold text-lg text-white">
          Training sessions
        </h3>
        {sessions.isPending ? (
          <LoadingState label="Loading sessions..." />
        ) : sessions.isError ? (
          <Alert>{errorMessage(sessions.error)}</Alert>
        ) : sessions.data.length === 0 ? (
          <EmptyState
            icon={<GraduationCap aria-hidden className="size-7" />}
            title="No sessions logged yet"
          />
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Training sessions">
            {sessions.data.map((s) => (
              <li
                key={s.id}
                data-testid="training-session"
                className="flex flex-wrap items-start gap-4 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-4"
              >
                <Avatar src={s.trainee.picture} name={s.trainee.name} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-white">
                    {s.trainee.name}
                    <span className="ml-2 font-normal text-slate-400 text-sm">
                      {s.sessionTitle ?? SESSION_TYPE_LABELS[s.sessionType]}
                    </span>
                  </p>
                  <p className="text-slate-400 text-xs">
                    {SESSION_TYPE_LABELS[s.sessionType]} · {formatDay(`${s.sessionDate}T12:00:00`)} ·{' '}
                    {s.durationMinutes} min{s.mentor ? ` · with ${s.mentor.name}` : ''}
                  </p>
                  {s.notes ? (
                    <p className="mt-2 whitespace-pre-line break-words text-slate-300 text-sm">{s.notes}</p>
                  ) : null}
                </div>
                <div className="flex flex-col items-end gap-1">
                  <Badge tone={s.status === 'completed' ? 'green' : 'blue'}>
                    {s.status === 'completed' ? 'Completed' : 'Scheduled'}
                  </Badge>
                  <span className="flex items-center gap-1 text-amber-300 text-sm">
                    <Star aria-hidden className="size-4 fill-current" />
                    <span className="sr-only">Rating</span>
                    {s.rating}/5
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
