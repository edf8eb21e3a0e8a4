import { LIMITS } from '@shared/limits';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Field, Input } from '@web/components/ui/input';
import { useCreateQuiz } from '@web/features/training/api';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';

interface Draft {
  key: number;
  prompt: string;
  options: string[];
  correctIndex: number;
}

let nextKey = 1;
const blank = (): Draft => ({ key: nextKey++, prompt: '', options: ['', ''], correctIndex: 0 });

/**
 * Write a quiz: a title and multiple-choice questions, each with 2 to 6 answers and the right one
 * marked. The time limit, attempts and pass mark are the station's (30 minutes, 1, 70%).
 */
export function QuizWriter() {
  const id = useId();
  const create = useCreateQuiz();
  const [title, setTitle] = useState('');
  const [questions, setQuestions] = useState<Draft[]>(() => [blank()]);
  const edit = (key: number, change: (q: Draft) => Draft) =>
    setQuestions((qs) => qs.map((q) => (q.key === key ? change(q) : q)));

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        title,
        questions: questions.map(({ prompt, options, correctIndex }) => ({ prompt, options, correctIndex })),
      },
      {
        onSuccess: () => {
          toast.success('Quiz saved. Set it for a trainee below.');
          setTitle('');
          setQuestions([blank()]);
        },
        onError: (err) => toast.error('Could not save the quiz.', { description: errorMessage(err) }),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label="Write a quiz" className="flex flex-col gap-4">
      <p className="text-slate-400 text-sm">
        Trainees get {LIMITS.quizTimeLimitMinutes} minutes and {LIMITS.quizAttempts} attempt; they pass at{' '}
        {LIMITS.quizPassingScore}%.
      </p>
      <Field id={`${id}-title`} label="Quiz title">
        <Input id={`${id}-title`} maxLength={120} value={title} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <ol className="flex flex-col gap-4">
        {questions.map((q, i) => (
          <li key={q.key}>
            <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-700 p-4">
              <legend className="px-1 font-semibold text-white">Question {i + 1}</legend>
              <Field id={`${id}-q${q.key}`} label="Question">
                <Input
                  id={`${id}-q${q.key}`}
                  maxLength={500}
                  value={q.prompt}
                  onChange={(e) => edit(q.key, (d) => ({ ...d, prompt: e.target.value }))}
                />
              </Field>
              {q.options.map((o, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: answers are edited in place by position
                <div key={j} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-right-${q.key}`}
                    aria-label={`Question ${i + 1}: answer ${j + 1} is the right one`}
                    checked={q.correctIndex === j}
                    onChange={() => edit(q.key, (d) => ({ ...d, correctIndex: j }))}
                    className="size-4 shrink-0 accent-pink-500"
                  />
                  <Input
                    aria-label={`Question ${i + 1}, answer ${j + 1}`}
                    maxLength={200}
                    value={o}
                    onChange={(e) =>
                      edit(q.key, (d) => ({
                        ...d,
                        options: d.options.map((x, k) => (k === j ? e.target.value : x)),
                      }))
                    }
                  />
                  {q.options.length > 2 ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove answer ${j + 1} of question ${i + 1}`}
                      icon={<Trash2 aria-hidden className="size-4" />}
                      onClick={() =>
                        edit(q.key, (d) => ({
                          ...d,
                          options: d.options.filter((_, k) => k !== j),
                          correctIndex:
                            d.correctIndex >= j && d.correctIndex > 0 ? d.correctIndex - 1 : d.correctIndex,
                        }))
                      }
                    />
                  ) : null}
                </div>
              ))}
              <p className="text-slate-400 text-xs">Tick the circle beside the right answer.</p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={q.options.length >= LIMITS.quizMaxOptions}
                  icon={<Plus aria-hidden className="size-4" />}
                  onClick={() => edit(q.key, (d) => ({ ...d, options: [...d.options, ''] }))}
                >
                  Add answer
                </Button>
                {questions.length > 1 ? (
                  <Button
                    size="sm"
                    variant="danger"
                    icon={<Trash2 aria-hidden className="size-4" />}
                    onClick={() => setQuestions((qs) => qs.filter((x) => x.key !== q.key))}
                  >
                    Remove question
                  </Button>
                ) : null}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="secondary"
          disabled={questions.length >= LIMITS.quizMaxQuestions}
          icon={<Plus aria-hidden className="size-4" />}
          onClick={() => setQuestions((qs) => [...qs, blank()])}
        >
          Add question
        </Button>
        <Button type="submit" busy={create.isPending} disabled={!title.trim()}>
          Save quiz
        </Button>
      </div>
    </form>
  );
}
