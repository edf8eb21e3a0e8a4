import type { NowPlaying } from '@shared/contracts/station';
import { type SocialNetwork, socialLinks } from '../links';
import { SocialIcon } from './social-icons';

/** The round look of a social link, for a badge beside them that is not a link. */
export const socialIconLinkClass =
  'flex size-9 items-center justify-center rounded-full border border-slate-600 bg-slate-800/80 text-slate-200 transition hover:border-pink-400/60 hover:text-white';

/** A round link, in a new tab, to someone's profile on one network ("Ann on Instagram"). */
export function SocialIconLink({
  href,
  name,
  network,
  label,
}: {
  href: string;
  /** Whose profile it is. */
  name: string;
  network: SocialNetwork;
  /** The network's name. */
  label: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${name} on ${label}`}
      title={label}
      className={socialIconLinkClass}
    >
      <SocialIcon network={network} className="size-4" />
    </a>
  );
}

/** Round links to the live presenter's social profiles. */
export function SocialLinks({
  presenter,
  name,
}: {
  presenter: NowPlaying['live']['presenter'];
  name: string;
}) {
  const links = socialLinks(presenter);
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`${name} on social media`}>
      {links.map((l) => (
        <li key={l.network}>
          <SocialIconLink href={l.url} name={name} network={l.network} label={l.label} />
        </li>
      ))}
    </ul>
  );
}
