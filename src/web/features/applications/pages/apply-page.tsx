import { APPLICATIONS_TEXTS } from '@shared/texts/applications';
import { errorMessage } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { PageTitle } from '@web/components/page-title';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { CalendarClock, ClipboardCheck, LogIn, MessagesSquare, Mic, Rocket } from 'lucide-react';
import { useMyApplications } from '../api';
import { applyView } from '../application-rules';
import { ApplicationForm } from '../components/application-form';
import { ApplicationHistory, LatestApplicationStatus } from '../components/application-history';

const NEXT_STEPS = [
  {
    icon: ClipboardCheck,
    title: 'Review',
    body: 'Our team reads every application, usually within a week, and you get a notification with the outcome.',
  },
  {
    icon: MessagesSquare,
    title: 'Interview',
    body: 'If your show is a good fit we invite you to a friendly chat about your ideas and availability.',
  },
  {
    icon: Rocket,
    title: 'Onboarding',
    body: 'Approved presenters get their streaming account, a walkthrough of the presenter panel and their first slot.',
  },
];

function WhatHappensNext() {
  return (
    <section
      aria-labelledby="next-heading"
      className="rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5"
    >
      <h2 id="next-heading" className="font-bold text-lg text-white">
        {APPLICATIONS_TEXTS.whatHappensNext}
      </h2>
      <ol className="mt-4 flex flex-col gap-4">
        {NEXT_STEPS.map(({ icon: Icon, title, body }, i) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-violet-500/15 text-violet-300">
              <Icon aria-hidden className="size-4" />
            </span>
            <div>
              <p className="font-semibold text-white">
                {i + 1}. {title}
              </p>
              <p className="text-slate-300 text-sm">{body}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function LoginRequired() {
  const { openAuth } = useAuthModal();
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-700/80 bg-slate-900/70 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-pink-500/15 text-pink-300">
        <LogIn aria-hidden className="size-7" />
      </span>
      <h2 className="font-bold text-white text-xl">{APPLICATIONS_TEXTS.loginRequired}</h2>
      <p className="max-w-md text-slate-300">Please log in to apply to become a presenter.</p>
      <Button onClick={() => openAuth('login')} icon={<LogIn aria-hidden className="size-4" />}>
        Login
      </Button>
    </div>
  );
}

function ApplySection() {
  const mine = useMyApplications();
  if (mine.isPending) return <LoadingState label="Loading your applications..." />;
  if (mine.isError) return <Alert>{errorMessage(mine.error)}</Alert>;
  const { applications } = mine.data;
  const view = applyView(mine.data);
  const latest = applications[0];
  return (
    <div className="flex flex-col gap-6">
      {latest ? <LatestApplicationStatus application={latest} /> : null}
      {view.cooldown ? (
        <p
          data-testid="application-cooldown"
          className="flex items-center gap-2 rounded-xl border border-slate-700 bg-slate-900/70 px-4 py-3 text-slate-200"
        >
          <CalendarClock aria-hidden className="size-5 shrink-0 text-violet-300" />
          {view.cooldown}
        </p>
      ) : null}
      {view.showForm ? (
        <section
          aria-labelledby="apply-form-heading"
          className="rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5"
        >
          <h2 id="apply-form-heading" className="mb-4 font-bold text-lg text-white">
            Application Form
          </h2>
          <ApplicationForm />
        </section>
      ) : null}
      {applications.length > 0 ? <ApplicationHistory applications={applications} /> : null}
    </div>
  );
}

/** The application itself (status, cooldown, form, history, next steps); also embedded in /profile. */
export function ApplyContent() {
  const { me } = useMe();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="min-w-0">{me ? <ApplySection /> : <LoginRequired />}</div>
      <div className="min-w-0">
        <WhatHappensNext />
      </div>
    </div>
  );
}

/** /apply: the presenter application (login needed for the form). */
export default function ApplyPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6">
        <PageTitle
          icon={Mic}
          intro="Got a show idea? Tell us about it and you could be on air with your own slot."
        >
          Become a Presenter
        </PageTitle>
      </header>
      <ApplyContent />
    </div>
  );
}
