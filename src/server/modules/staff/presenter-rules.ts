import type { PresenterRules } from '../../../shared/contracts/staff';
import type { AppContext } from '../../context';
import type { StoredPresenterRules } from '../settings/catalogue';
import { readSetting } from '../settings/settings.service';

/**
 * The Rules tab of the presenter panel (GET /api/staff/presenter-rules). Admins write the station's
 * rules in site settings (presenter_rules: plain text or Markdown, one rule per line or list
 * item); until they do, these defaults apply. Headings are left out; a rule 'Title: text' (or
 * '**Title:** text') shows its title in bold.
 */
export const DEFAULT_PRESENTER_RULES = [
  'Language: Keep it clean on air. No swearing, slurs or offensive language, and pick radio edits of explicit songs. We are a family-friendly station at every hour.',
  'Respect: Treat listeners, guests and fellow presenters with respect, on air and in the chat. No personal attacks, no harassment, no discrimination of any kind.',
  'Requests: Check the request queue during your show and play what you can. Never play a song on the banned list, and say so kindly when a request cannot be played.',
  'Ads and sponsorship: Do not advertise or promote products, services, other stations or your own paid work unless the station management has approved it in advance.',
  'Politics and controversy: Stay neutral. No political campaigning on air; talk about current events fairly and leave room for other views.',
  'Booking: Book at least 2 shows a week in your timetable, and cancel a booking at least 24 hours ahead when you cannot make it, so another presenter can take the hour.',
  'Be on time: Connect 5 minutes before your show starts, and end on time so the next presenter can start on theirs.',
  'Handover: Hand over cleanly. Let the next presenter know you are finishing, finish your last song, say goodbye and disconnect at the end of your hour so AutoDJ or the next show takes over without dead air.',
  'Credentials: Your streaming username and password are yours alone. Never share them; generate new ones on Stream Info if you think someone else has them.',
  'Music and copyright: Play music the station is allowed to broadcast, at the recommended 128 kbps MP3, and keep your levels steady: no clipping, no long silences.',
  'Emergencies: If something goes wrong on air (a guest breaks the rules, your connection drops, dead air), fade out, disconnect and tell an admin at once. In a real emergency, call the emergency services first; the station comes second.',
  'Privacy: Never read out a listener’s personal details, and never share what you see in the staff tools outside the team.',
] as const;

function parse(value: StoredPresenterRules | undefined): string[] | null {
  const lines =
    typeof value === 'string'
      ? value.split(/\r?\n/)
      : Array.isArray(value)
        ? value.filter((v): v is string => typeof v === 'string')
        : typeof value === 'object' && value !== null && 'text' in value
          ? String((value as { text: unknown }).text).split(/\r?\n/)
          : [];
  const rules = lines
    .filter((l) => !/^\s*#/.test(l))
    .map((l) => l.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);
  return rules.length > 0 ? rules : null;
}

const split = (rule: string) => {
  const m = /^\*{0,2}([^:*]{2,40}?)(?::\*{2}|\*{2}:|:)\s+(.+)$/s.exec(rule);
  return m ? { title: m[1].trim(), text: m[2].trim() } : { title: null, text: rule };
};

export async function presenterRules(ctx: Pick<AppContext, 'db'>): Promise<PresenterRules> {
  const custom = parse(await readSetting(ctx.db, 'presenter_rules'));
  return { rules: (custom ?? [...DEFAULT_PRESENTER_RULES]).map(split), isDefault: custom === null };
}
