import type { PersonRef } from '@shared/contracts/staff';
import type { MentorQuiz } from '@shared/contracts/training-quiz';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { useAssignQuiz, useMentorQuizzes } from '@web/features/training/api';
import { ListChecks } from 'lucide-react';
import { useId, useState } from 'react';
import { PersonPicker } from './person-picker';

/** The mentor's quizzes: who each is set for, their results, and setting it for another trainee. */
export function QuizList() {
  const quizzes = useMentorQuizzes();
  if (quizzes.isPending) return <LoadingState label="Loading quizzes..." />;
  if (quizzes.isError) return <Alert>{errorMessage(quizzes.error)}</Alert>;
  if (quizzes.data.length === 0) {
    return <EmptyState icon={<ListChecks aria-hidden className="size-7" />} title="No quizzes written yet" />;
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Quizzes">
      {quizzes.data.map((q) => (
        <QuizItem key={q.id} quiz={q} />
      ))}
    </ul>
  );
}

function resultOf(attempt: MentorQuiz['trainees'][number]['attempt']) {
  if (!attempt) return <Badge>Not started</Badge>;
  if (attempt.status === 'in_progress') return <Badge tone="blue">Taking it now</Badge>;
  if (attempt.status === 'expired') return <Badge tone="red">Time ran out</Badge>;
  return (
    <Badge tone={attempt.passed ? 'green' : 'red'}>
      {attempt.score}% · {attempt.passed ? 'Passed' : 'Not passed'}
    </Badge>
  );
}

function QuizItem({ quiz }: { quiz: MentorQuiz }) {
  const id = useId();
  const assign = useAssignQuiz();
  const [trainee, setTrainee] = useState<PersonRef | null>(null);
  // A new picker (an empty search) after each quiz set.
  const [round, setRound] = useState(0);
  const setFor = () => {
    if (!trainee) return;
    assign.mutate(
      { quizId: quiz.id, traineeId: trainee.id },
      {
        onSuccess: () => {
          toast.success(`Quiz set for ${trainee.name}: they have been told.`);
          setTrainee(null);
          setRound((n) => n + 1);
        },
        onError: (err) => toast.error('Could not set the quiz.', { description: errorMessage(err) }),
      },
    );
  };
  return (
    <li
      data-testid="mentor-quiz"
      className="flex flex-col gap-3 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-4"
    >
      <div>
        <h4 className="font-semibold text-white">{quiz.title}</h4>
        <p className="text-slate-400 text-xs">
          {quiz.questions.length} questions · {quiz.timeLimitMinutes} minutes · {quiz.maxAttempts} attempt ·
          pass at {quiz.passingScore}%{quiz.mentor ? ` · by ${quiz.mentor.name}` : ''}
        </p>
      </div>
      {quiz.trainees.length > 0 ? (
        <ul className="flex flex-col gap-1.5" aria-label={`${quiz.title}: trainees`}>
          {quiz.trainees.map(({ trainee: t, attempt }) => (
            <li
              key={t.id}
              className="flex flex-wrap items-center justify-between gap-2 text-slate-200 text-sm"
            >
              {t.name}
              {resultOf(attempt)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-trainee`} className="mb-1 block text-slate-300 text-sm">
            Set for a trainee
          </label>
          <PersonPicker key={round} id={`${id}-trainee`} value={trainee} onChange={setTrainee} />
        </div>
        <Button className="sm:mt-6" disabled={!trainee} busy={assign.isPending} onClick={setFor}>
          Set quiz
        </Button>
      </div>
    </li>
  );
}
