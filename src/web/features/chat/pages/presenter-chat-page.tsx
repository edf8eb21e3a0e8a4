import { CHAT_TEXTS } from '@shared/texts/chat';
import { hasCapability } from '@web/app/capabilities';
import { useMe } from '@web/app/session';
import { PageTitle } from '@web/components/page-title';
import { SectionTitle } from '@web/components/section-title';
import { Card } from '@web/components/ui/card';
import { LoginCard } from '@web/features/auth/components/login-card';
import { LogIn, MessagesSquare, ShieldCheck } from 'lucide-react';
import { useRef } from 'react';
import { ChatComposer } from '../components/chat-composer';
import { type ChatListHandle, ChatMessageList } from '../components/chat-message-list';

const GUIDELINES = [
  'Be respectful to the presenter and to other listeners.',
  'No spam or advertising.',
  'Keep conversations relevant to the radio show.',
  'Presenter responses are highlighted in blue.',
];

/** /presenter-chat: the live chat with the presenter, in real time. */
export default function PresenterChatPage() {
  const { me } = useMe();
  const list = useRef<ChatListHandle>(null);
  if (!me) {
    return (
      <div className="px-4 py-12 sm:px-6">
        <LoginCard icon={LogIn} title={CHAT_TEXTS.loginRequiredTitle}>
          {CHAT_TEXTS.loginRequiredBody}
        </LoginCard>
      </div>
    );
  }
  const canReply = hasCapability(me, 'chat.presenterReply');
  const canModerate = hasCapability(me, 'chat.moderate');
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6">
        <PageTitle icon={MessagesSquare} intro={CHAT_TEXTS.subtitle}>
          {CHAT_TEXTS.title}
        </PageTitle>
      </header>
      <Card className="overflow-hidden">
        <ChatMessageList
          handle={list}
          canModerate={canModerate}
          className="h-[500px] border-slate-700/80 border-b"
        />
        <div className="p-3 sm:p-4">
          <ChatComposer
            mode="page"
            canSendAsPresenter={canReply}
            onSent={() => list.current?.scrollToEnd()}
          />
        </div>
      </Card>
      <section aria-labelledby="chat-guidelines" className="mt-6">
        <Card className="p-5">
          <SectionTitle id="chat-guidelines" icon={ShieldCheck}>
            Chat Guidelines
          </SectionTitle>
          <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5 text-slate-300">
            {GUIDELINES.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        </Card>
      </section>
    </div>
  );
}
