import type { AnnouncementSwitches as Switches } from '@shared/contracts/discord';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { SectionTitle } from '@web/components/section-title';
import { Card } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { Megaphone } from 'lucide-react';
import { useDiscordSettings, useSaveAnnouncements } from '../api';

const ITEMS: { key: keyof Switches; label: string; help: string }[] = [
  { key: 'live', label: 'A presenter goes live', help: 'Posted when a live show starts.' },
  { key: 'articles', label: 'A news article is published', help: 'Posted when an article goes public.' },
  { key: 'chart', label: 'The weekly chart', help: 'Posted when the weekly chart closes on Monday.' },
];

/** Which automatic announcements go to Discord. */
export function AnnouncementSwitches() {
  const settings = useDiscordSettings();
  const save = useSaveAnnouncements();
  const current = settings.data?.announcements;
  return (
    <Card className="p-5">
      <SectionTitle icon={Megaphone} className="mb-4">
        Automatic announcements
      </SectionTitle>
      <ul className="flex flex-col gap-3">
        {ITEMS.map((item) => (
          <li key={item.key} className="flex items-center justify-between gap-4">
            <div className="min-w-0">
              <p id={`announce-${item.key}`} className="font-medium text-slate-100">
                {item.label}
              </p>
              <p className="text-slate-400 text-xs">{item.help}</p>
            </div>
            <Switch
              aria-labelledby={`announce-${item.key}`}
              checked={Boolean(current?.[item.key])}
              disabled={!current || save.isPending}
              onChange={() => {
                if (!current) return;
                save.mutate(
                  { ...current, [item.key]: !current[item.key] },
                  { onError: (err) => toast.error(errorMessage(err)) },
                );
              }}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
