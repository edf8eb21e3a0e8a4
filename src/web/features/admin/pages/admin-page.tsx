import { useMe } from '@web/app/session';
import { AccessDenied } from '@web/components/access-denied';
import { Select } from '@web/components/ui/input';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminTabId } from '../admin-tab-props';
import { ADMIN_TABS } from '../admin-tabs';

const TAB_ITEMS = ADMIN_TABS.map(({ id, label, icon: Icon }) => ({
  id,
  label,
  icon: <Icon aria-hidden className="size-4 shrink-0" />,
}));

/**
 * /admin: the Admin Panel (admins only). Its 17 tabs are chosen in the page, not by URL: a side menu on
 * wide screens, a section picker on phones.
 */
export default function AdminPage() {
  const { me } = useMe();
  // A link may open one tab (a bell notification: '/admin?tab=timetable').
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const [tab, setTab] = useState<AdminTabId>(() => ADMIN_TABS.find((t) => t.id === asked)?.id ?? 'accounts');
  useEffect(() => {
    const found = ADMIN_TABS.find((t) => t.id === asked);
    if (found) setTab(found.id);
  }, [asked]);
  if (!me?.isAdmin) return <AccessDenied />;
  const current = ADMIN_TABS.find((t) => t.id === tab) ?? ADMIN_TABS[0];
  const Panel = current.component;
  const goTo = (id: AdminTabId) => {
    setTab(id);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6">
        <h1 className="font-extrabold text-3xl text-white tracking-tight">Admin Panel</h1>
        <p className="mt-1 text-slate-300">Run the station: people, content, the stream and the site.</p>
      </header>
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <div className="lg:hidden">
          <label htmlFor="admin-section" className="mb-1.5 block font-medium text-slate-300 text-sm">
            Admin section
          </label>
          <Select id="admin-section" value={tab} onChange={(e) => goTo(e.target.value as AdminTabId)}>
            {ADMIN_TABS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </Select>
        </div>
        <Tabs
          idBase="admin"
          label="Admin Panel sections"
          orientation="vertical"
          items={TAB_ITEMS}
          value={tab}
          onChange={goTo}
          className="hidden lg:sticky lg:top-20 lg:flex"
        />
        <TabPanel idBase="admin" id={tab} className="min-w-0">
          <Panel goTo={goTo} />
        </TabPanel>
      </div>
    </div>
  );
}
