import type { SocialNetwork } from '../links';

/** Simple brand marks drawn in the current colour (lucide has no brand icons). */
export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  const common = {
    'aria-hidden': true,
    className,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  switch (network) {
    case 'twitter':
      return (
        <svg {...common}>
          <path d="M4 4h4.5L20 20h-4.5z" />
          <path d="M19.5 4l-6.3 7.2M4.5 20l6.3-7.2" />
        </svg>
      );
    case 'twitch':
      return (
        <svg {...common}>
          <path d="M4 3h16v11l-4 4h-4l-3 3H7v-3H4z" />
          <path d="M11 7.5v4M15.5 7.5v4" />
        </svg>
      );
    case 'instagram':
      return (
        <svg {...common}>
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
        </svg>
      );
    case 'youtube':
      return (
        <svg {...common}>
          <rect x="2.5" y="5" width="19" height="14" rx="4" />
          <path d="M10 9l5 3-5 3z" fill="currentColor" />
        </svg>
      );
  }
}
