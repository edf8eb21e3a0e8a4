import { ACCESS_TEXTS, LOADING_TEXTS } from '@shared/texts/common';
import { hasCapability } from '@web/app/capabilities';
import { useMe } from '@web/app/session';
import { AccessDenied } from '@web/components/access-denied';
import { LoadingState } from '@web/components/ui/spinner';
import {
  ChartColumn,
  CodeXml,
  GraduationCap,
  type LucideIcon,
  Newspaper,
  Radio,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { DeveloperSection } from '../components/developer-section';
import { ManagerSection } from '../components/manager-section';
import { MentorSection } from '../components/mentor-section';
import { ModeratorSection } from '../components/moderator-section';
import { NewsReporterSection } from '../components/news-reporter-section';
import { PanelMenu } from '../components/panel-menu';
import { RadioPresenterSection } from '../components/radio-presenter-section';
import { StaffSection } from '../components/staff-section';
import { type PanelLocationState, type PanelSection, visibleSections } from '../sections';

const SECTIONS: Record<PanelSection, { icon: LucideIcon; component: ComponentType<{ tab?: string }> }> = {
  staff: { icon: Users, component: StaffSection },
  'radio-presenter': { icon: Radio, component: RadioPresenterSection },
  'news-reporter': { icon: Newspaper, component: NewsReporterSection },
  mentor: { icon: GraduationCap, component: MentorSection },
  moderator: { icon: ShieldCheck, component: ModeratorSection },
  manager: { icon: ChartColumn, component: ManagerSection },
  developer: { icon: CodeXml, component: DeveloperSection },
};

/**
 * /presenter: admins, presenters and holders of any extra role (presenter.panel). The left menu shows
 * only the sections the member may use; the server refuses each section's data to everyone else.
 */
export default function PresenterPage() {
  const { me, isPending } = useMe();
  const state = (useLocation().state ?? {}) as PanelLocationState;
  const [picked, setPicked] = useState<PanelSection | null>(state.section ?? null);
  if (isPending) return <LoadingState label={LOADING_TEXTS.generic} />;
  if (!me) return <Navigate to="/" replace />;
  if (!hasCapability(me, 'presenter.panel')) return <AccessDenied message={ACCESS_TEXTS.presenterRequired} />;

  const sections = visibleSections(me);
  // A member lands on their own tool first; the Staff list is one click away.
  const current =
    sections.find((s) => s.id === picked) ?? sections.find((s) => s.id !== 'staff') ?? sections[0];
  const Section = SECTIONS[current.id].component;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6">
        <h1 className="font-extrabold text-3xl text-white tracking-tight">Presenter Panel</h1>
        <p className="mt-1 text-slate-300">
          Welcome back, {me.displayName}. Everything for your shows and your role.
        </p>
      </header>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <PanelMenu
          items={sections.map((s) => ({ ...s, icon: SECTIONS[s.id].icon }))}
          value={current.id}
          onChange={setPicked}
        />
        <section aria-label={current.label} className="min-w-0 flex-1" data-testid={`section-${current.id}`}>
          <Section key={current.id} tab={current.id === 'radio-presenter' ? state.tab : undefined} />
        </section>
      </div>
    </div>
  );
}
