import type { Me } from '@shared/contracts/accounts';
import { PROFILE_TEXTS } from '@shared/texts/accounts';
import { SAFETY_TEXTS } from '@shared/texts/safety';
import { Card } from '@web/components/ui/card';
import { Field, Input } from '@web/components/ui/input';
import { DiscordLinkSection } from '@web/features/discord/components/discord-link-section';
import { BlockedMembers } from '@web/features/safety/components/blocked-members';
import { ThemeSettings } from '@web/features/shop/components/theme-settings';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { PictureUpload } from './picture-upload';
import { PrivacyToggles } from './privacy-toggles';
import { SocialLinksForm } from './social-links-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card className="p-5">
        <h2 id={id} className="mb-4 font-bold text-lg text-white">
          {title}
        </h2>
        {children}
      </Card>
    </section>
  );
}

/** Settings: picture, read-only name and email, social links, Discord, website theme, privacy. */
export function SettingsTab({ me }: { me: Me }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      <Section title="Profile Picture">
        <PictureUpload me={me} />
      </Section>
      <Section title="Account">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-name`} label="Display Name" hint={PROFILE_TEXTS.displayNameReadOnly}>
            <Input
              id={`${id}-name`}
              value={me.displayName}
              readOnly
              aria-describedby={`${id}-name-hint`}
              className="bg-slate-800/60 text-slate-300"
            />
          </Field>
          <Field id={`${id}-email`} label="Email" hint={PROFILE_TEXTS.emailReadOnly}>
            <Input
              id={`${id}-email`}
              value={me.profile.email}
              readOnly
              aria-describedby={`${id}-email-hint`}
              className="bg-slate-800/60 text-slate-300"
            />
          </Field>
        </div>
      </Section>
      <Section title="Social Media">
        <SocialLinksForm me={me} />
      </Section>
      <Section title="Discord">
        <DiscordLinkSection />
      </Section>
      <Section title="Website Theme">
        <ThemeSettings />
      </Section>
      <Section title="Privacy">
        <PrivacyToggles me={me} />
      </Section>
      <Section title={SAFETY_TEXTS.blockedTitle}>
        <BlockedMembers />
      </Section>
    </div>
  );
}
