import type { NowPlaying } from '@shared/contracts/station';
import { socialLinks } from '../links';
import { SocialIcon } from './social-icons';

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
          <a
            href={l.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} on ${l.label}`}
            title={l.label}
            className="flex size-9 items-center justify-center rounded-full border border-slate-600 bg-slate-800/80 text-slate-200 transition hover:border-pink-400/60 hover:text-white"
          >
            <SocialIcon network={l.network} className="size-4" />
          </a>
        </li>
      ))}
    </ul>
  );
}
