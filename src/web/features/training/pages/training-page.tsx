import type { QuizPaper, TraineeQuiz } from '@shared/contracts/training-quiz';
import { errorMessage } from '@web/app/data/api-client';
import { useNow } from '@web/app/hooks/use-now';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Clock, GraduationCap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useMyQuizzes, useStartQuiz, useSubmitQuiz } from '../api';

/**
 * /training: the quizzes a mentor set for the member. Each is taken once, within its time limit: the
 * server keeps the start time and refuses late answers; the page counts down and hands in at zero.
 */
export default function TrainingPage() {
  const quizzes = useMyQuizzes();
  const [paper, setPaper] = useState<QuizPaper | null>(null);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-6">
        <h1 className="font-extrabold text-3xl text-white tracking-tight">Training</h1>
        <p className="mt-1 text-slate-300">Quizzes your mentor set for you. Each one can be taken once.</p>
      </header>
      {paper ? (
        <QuizTaking paper={paper} onDone={() => setPaper(null)} />
      ) : quizzes.isPending ? (
        <LoadingState label="Loading your quizzes..." />
      ) : quizzes.isError ? (
        <Alert>{errorMessage(quizzes.error)}</Alert>
      ) : quizzes.data.length === 0 ? (
        <EmptyState
          icon={<GraduationCap aria-hidden className="size-7" />}
          title="No quizzes yet"
          body="When a mentor sets you a quiz, it appears here and in your notifications."
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your quizzes">
          {quizzes.data.map((q) => (
            <QuizCard key={q.id} quiz={q} onStarted={setPaper} />
          ))}
        </ul>
      )}
    </div>
  );
}

function QuizCard({ quiz, onStarted }: { quiz: TraineeQuiz; onStarted: (p: QuizPaper) => void }) {
  const start = useStartQuiz();
  const now = useNow(30_000);
  const a = quiz.attempt;
  const resumable = a?.status === 'in_progress' && new Date(a.deadline).getTime() > now.getTime();
  const begin = () =>
    start.mutate(quiz.id, {
      onSuccess: onStarted,
      onError: (err) => toast.error('Could not open the quiz.', { description: errorMessage(err) }),
    });
  return (
    <li data-testid="trainee-quiz">
      <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <h2 className="font-bold text-lg text-white">{quiz.title}</h2>
          <p className="text-slate-400 text-sm">
            {quiz.questionCount} questions · {quiz.timeLimitMinutes} minutes · one attempt · pass at{' '}
            {quiz.passingScore}%{quiz.mentor ? ` · from ${quiz.mentor.name}` : ''}
          </p>
        </div>
        {a?.status === 'submitted' ? (
          <p className="flex items-center gap-2">
            <span className="font-bold text-white text-xl tabular-nums">{a.score}%</span>
            <Badge tone={a.passed ? 'green' : 'red'}>{a.passed ? 'Passed' : 'Not passed'}</Badge>
          </p>
        ) : a && !resumable ? (
          <Badge tone="red">Time ran out</Badge>
        ) : (
          <Button busy={start.isPending} onClick={begin}>
            {resumable ? 'Resume quiz' : 'Start quiz'}
          </Button>
        )}
      </Card>
    </li>
  );
}

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function QuizTaking({ paper, onDone }: { paper: QuizPaper; onDone: () => void }) {
  const submit = useSubmitQuiz();
  const now = useNow(1000);
  const [answers, setAnswers] = useState<(number | null)[]>(() => paper.questions.map(() => null));
  const [result, setResult] = useState<TraineeQuiz | null>(null);
  const deadline = new Date(paper.quiz.attempt?.deadline ?? 0).getTime();
  const left = deadline - now.getTime();
  const handedIn = useRef(false);

  const handIn = () => {
    if (handedIn.current) return;
    handedIn.current = true;
    submit.mutate(
      { quizId: paper.quiz.id, answers },
      {
        onSuccess: ({ quiz }) => setResult(quiz),
        onError: (err) => {
          toast.error(errorMessage(err));
          onDone();
        },
      },
    );
  };
  // At zero the page hands in what is answered (the server allows a few seconds for the network).
  // biome-ignore lint/correctness/useExhaustiveDependencies: hand in once when the clock reaches zero
  useEffect(() => {
    if (left <= 0 && !result) handIn();
  }, [left <= 0]);

  if (result?.attempt) {
    const a = result.attempt;
    return (
      <div data-testid="quiz-result">
        <Card className="flex flex-col items-start gap-3 p-6">
          <h2 className="font-bold text-white text-xl">{result.title}: your result</h2>
          <p className="font-extrabold text-4xl text-white tabular-nums">{a.score}%</p>
          <p className="text-slate-300">
            {a.correctCount} of {result.questionCount} right.{' '}
            <Badge tone={a.passed ? 'green' : 'red'}>{a.passed ? 'Passed' : 'Not passed'}</Badge> The pass
            mark is {result.passingScore}%. Your mentor sees the result in their log.
          </p>
          <Button variant="secondary" onClick={onDone}>
            Back to your quizzes
          </Button>
        </Card>
      </div>
    );
  }

  const answered = answers.filter((x) => x !== null).length;
  return (
    <form
      aria-label={paper.quiz.title}
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        handIn();
      }}
    >
      <div className="sticky top-16 z-10 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-700 bg-slate-900/95 px-4 py-3">
        <h2 className="font-bold text-lg text-white">{paper.quiz.title}</h2>
        <p className="flex items-center gap-2 text-slate-200" role="timer" aria-label="Time left">
          <Clock aria-hidden className="size-4 text-pink-400" />
          <span className="font-semibold tabular-nums">{mmss(left)}</span> left
        </p>
      </div>
      <ol className="flex flex-col gap-4">
        {paper.questions.map((q, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the paper is fixed; answers go by position
          <li key={i}>
            <fieldset className="rounded-xl border border-slate-700 bg-slate-900/70 p-4">
              <legend className="px-1 font-semibold text-white">
                {i + 1}. {q.prompt}
              </legend>
              <div className="mt-2 flex flex-col gap-2">
                {q.options.map((o, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the paper is fixed; answers go by position
                  <label key={j} className="flex items-center gap-2.5 text-slate-200">
                    <input
                      type="radio"
                      name={`question-${i}`}
                      checked={answers[i] === j}
                      onChange={() => setAnswers((prev) => prev.map((x, k) => (k === i ? j : x)))}
                      className="size-4 accent-pink-500"
                    />
                    {o}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-400 text-sm">
          {answered} of {paper.questions.length} answered. You can hand in once.
        </p>
        <Button type="submit" busy={submit.isPending} disabled={left <= 0}>
          Hand in answers
        </Button>
      </div>
    </form>
  );
}
