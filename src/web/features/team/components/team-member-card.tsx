import { PersonCardHead } from '@web/components/person-card';
import { formatRoleName } from '@web/components/role-badge';
import { Badge, roleTone } from '@web/components/ui/badge';
import { SocialLinks } from '@web/features/station/components/social-links';
import type { TeamMember } from '../api';

/** A staff card: picture (or the fallback avatar), name, role and social links. */
export function TeamMemberCard({ member, roleLabel }: { member: TeamMember; roleLabel?: string }) {
  const s = member.socials;
  const presenter = {
    id: member.id,
    name: member.displayName,
    picture: member.picture,
    twitterUsername: s.twitter ?? null,
    twitchUsername: s.twitch ?? null,
    instagramUsername: s.instagram ?? null,
    youtubeUsername: s.youtube ?? null,
  };
  return (
    <li
      data-testid="team-member"
      className="flex min-w-0 flex-col items-center gap-3 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5 text-center"
    >
      <PersonCardHead person={member} heading="h3">
        {roleLabel ? (
          <Badge tone="violet">{roleLabel}</Badge>
        ) : (
          <Badge tone={roleTone(member.role)}>{formatRoleName(member.role)}</Badge>
        )}
      </PersonCardHead>
      <SocialLinks presenter={presenter} name={member.displayName} />
      {s.discord ? (
        <p className="max-w-full truncate text-slate-300 text-xs" title={`Discord: ${s.discord}`}>
          Discord: <span className="font-semibold text-indigo-200">{s.discord}</span>
        </p>
      ) : null}
    </li>
  );
}
