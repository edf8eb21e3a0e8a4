import type { Member } from '@shared/contracts/members';
import { MEMBERS_TEXTS } from '@shared/texts/members';
import { errorMessage } from '@web/app/data/api-client';
import { useDebouncedValue } from '@web/app/hooks/use-debounced-value';
import { useMe } from '@web/app/session';
import { PageTitle } from '@web/components/page-title';
import { Alert } from '@web/components/ui/alert';
import { EmptyState } from '@web/components/ui/empty-state';
import { SearchInput } from '@web/components/ui/search-input';
import { LoadingState, Spinner } from '@web/components/ui/spinner';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMembers } from '../api';
import { MemberCard } from '../components/member-card';

/** /members: everyone with a public profile, searchable by name, with a way to message them. */
export default function MembersPage() {
  const { me } = useMe();
  const { openAuth } = useAuthModal();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const members = useMembers(q);
  const list = members.data ?? [];

  const onMessage = (member: Member) => {
    if (!me) openAuth('login');
    else navigate(`/messages?user=${encodeURIComponent(member.id)}`);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <PageTitle icon={Users} intro="The listeners, presenters and crew who make the station.">
            {MEMBERS_TEXTS.title}
          </PageTitle>
        </div>
        <SearchInput
          wrapperClassName="w-full md:max-w-sm"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={MEMBERS_TEXTS.search}
          aria-label="Search members"
          maxLength={100}
        />
      </header>

      {members.isPending ? (
        <LoadingState label={MEMBERS_TEXTS.loading} />
      ) : members.isError ? (
        <Alert>{errorMessage(members.error)}</Alert>
      ) : (
        <>
          <p className="mb-4 flex items-center gap-2 text-slate-300 text-sm" aria-live="polite">
            {MEMBERS_TEXTS.showing(list.length)}
            {members.isFetching ? <Spinner size="sm" className="text-pink-400" /> : null}
          </p>
          {list.length === 0 ? (
            <EmptyState icon={<Users aria-hidden className="size-7" />} title={MEMBERS_TEXTS.empty} />
          ) : (
            <ul className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
              {list.map((m) => (
                <MemberCard key={m.id} member={m} isSelf={m.id === me?.user.id} onMessage={onMessage} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
