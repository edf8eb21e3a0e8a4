import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { BannedSongsPanel } from '@web/features/banned-songs/components/banned-songs-panel';
import { BoothPanel } from '@web/features/booth/components/booth-panel';
import { StreamInfo } from '@web/features/station/components/stream-info';
import { type ComponentType, useState } from 'react';
import { PRESENTER_TABS, type PresenterTab } from '../sections';
import { IdeasTab } from './ideas-tab';
import { PresenterRequestsTab } from './presenter-requests-tab';
import { RulesTab } from './rules-tab';
import { TimetableTab } from './timetable-tab';

const BannedSongs = () => <BannedSongsPanel />;

const PANELS: Record<PresenterTab, ComponentType> = {
  ideas: IdeasTab,
  requests: PresenterRequestsTab,
  timetable: TimetableTab,
  'go-live': BoothPanel,
  'stream-info': StreamInfo,
  'banned-songs': BannedSongs,
  rules: RulesTab,
};

/** Radio Presenter: Ideas, Requests, Timetable, Go live, Stream Info, Banned Songs and Rules. */
export function RadioPresenterSection({ tab: initial }: { tab?: string }) {
  const [tab, setTab] = useState<PresenterTab>(
    PRESENTER_TABS.some((t) => t.id === initial) ? (initial as PresenterTab) : 'ideas',
  );
  const Panel = PANELS[tab];
  return (
    <div>
      <h2 className="sr-only">Radio Presenter</h2>
      <Tabs
        idBase="presenter"
        label="Radio Presenter"
        items={PRESENTER_TABS}
        value={tab}
        onChange={setTab}
        // On a phone the seven tabs take two rows rather than hiding past the edge.
        className="mb-6 flex-wrap"
      />
      <TabPanel idBase="presenter" id={tab}>
        <Panel />
      </TabPanel>
    </div>
  );
}
