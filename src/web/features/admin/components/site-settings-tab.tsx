import { zodResolver } from '@hookform/resolvers/zod';
import { SETTINGS_LIMITS, type SiteSettings, UpdateSiteSettingsInput } from '@shared/contracts/settings';
import { ADMIN_TEXTS } from '@shared/texts/admin';
import { errorMessage } from '@web/app/data/api-client';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, Field, Input, Textarea } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { BackupsSection } from '@web/features/backups/components/backups-section';
import { Save } from 'lucide-react';
import { useMemo } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSiteSettings, useUpdateSiteSettings } from '../api';
import { TabHeader } from './tab-header';
import { WeeklyChartGenerator } from './weekly-chart-generator';

type FormIn = z.input<typeof UpdateSiteSettingsInput>;
type FormOut = z.output<typeof UpdateSiteSettingsInput>;
const FIELDS = [
  'siteTitle',
  'siteDescription',
  'streamUrl',
  'stationTimeZone',
  'requestCooldownMinutes',
  'recentPlayMinutes',
  'presenterRules',
  'donationUrl',
  'donationGoalGbp',
  'donationRaisedGbp',
  'mediaUploadMaxMb',
  // DJ tools
  'liveOnlyInBookedSlots',
  'recordingEnabled',
  'recordingRetentionDays',
  'recordingDiskFloorMb',
  // Stream outputs.
  'maxListeners',
  'liveLevelling',
] as const;

const toForm = (s: SiteSettings): FormIn => ({
  siteTitle: s.siteTitle,
  siteDescription: s.siteDescription,
  streamUrl: s.streamUrl ?? '',
  stationTimeZone: s.stationTimeZone,
  requestCooldownMinutes: s.requestCooldownMinutes,
  recentPlayMinutes: s.recentPlayMinutes,
  presenterRules: s.presenterRules,
  donationUrl: s.donationUrl ?? '',
  donationGoalGbp: s.donationGoalGbp,
  donationRaisedGbp: s.donationRaisedGbp,
  mediaUploadMaxMb: s.mediaUploadMaxMb,
  // DJ tools
  liveOnlyInBookedSlots: s.liveOnlyInBookedSlots,
  recordingEnabled: s.recordingEnabled,
  recordingRetentionDays: s.recordingRetentionDays,
  recordingDiskFloorMb: s.recordingDiskFloorMb,
  maxListeners: s.maxListeners,
  liveLevelling: s.liveLevelling,
});

/** The IANA zones the browser knows, offered as suggestions (the server checks the name). */
function useTimeZones(): string[] {
  return useMemo(() => {
    const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
    return intl.supportedValuesOf?.('timeZone') ?? [];
  }, []);
}

type SettingsFormApi = UseFormReturn<FormIn, unknown, FormOut>;

/** The number fields: whole minutes (0 to a day) and amounts in pounds for the donation box. */
const NUMBER_FIELDS = {
  requestCooldownMinutes: { max: SETTINGS_LIMITS.minutesMax, step: 1, inputMode: 'numeric' },
  recentPlayMinutes: { max: SETTINGS_LIMITS.minutesMax, step: 1, inputMode: 'numeric' },
  donationGoalGbp: { max: SETTINGS_LIMITS.donationGbpMax, step: 0.01, inputMode: 'decimal' },
  donationRaisedGbp: { max: SETTINGS_LIMITS.donationGbpMax, step: 0.01, inputMode: 'decimal' },
  mediaUploadMaxMb: { max: 4096, step: 1, inputMode: 'numeric' },
  recordingRetentionDays: { max: 3650, step: 1, inputMode: 'numeric' },
  recordingDiskFloorMb: { max: 1_048_576, step: 1, inputMode: 'numeric' },
  maxListeners: { max: SETTINGS_LIMITS.maxListenersMax, step: 1, inputMode: 'numeric' },
} as const;

function NumberField({
  form,
  name,
  label,
  hint,
}: {
  form: SettingsFormApi;
  name: keyof typeof NUMBER_FIELDS;
  label: string;
  hint: string;
}) {
  const id = `settings-${name}`;
  const error = form.formState.errors[name]?.message;
  const { max, step, inputMode } = NUMBER_FIELDS[name];
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input
        type="number"
        inputMode={inputMode}
        min={0}
        max={max}
        step={step}
        {...describedBy(id, error, true)}
        {...form.register(name, { valueAsNumber: true })}
      />
    </Field>
  );
}

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const update = useUpdateSiteSettings();
  const zones = useTimeZones();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(UpdateSiteSettingsInput),
    defaultValues: toForm(settings),
  });
  const { errors, isDirty } = form.formState;
  const err = (k: (typeof FIELDS)[number]) => errors[k]?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(toForm(saved));
      toast.success(ADMIN_TEXTS.settingsSaved);
    } catch (e) {
      toast.error(ADMIN_TEXTS.settingsSaveFailed, { description: errorMessage(e, '') || undefined });
      applyServerError(form.setError, e, FIELDS);
    }
  });

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Site settings">
        {errors.root?.server?.message ? (
          <Alert>
            {ADMIN_TEXTS.settingsSaveFailed}: {errors.root.server.message}
          </Alert>
        ) : null}
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 font-semibold text-white">The site</legend>
          <Field id="settings-title" label="Site title" error={err('siteTitle')}>
            <Input
              maxLength={SETTINGS_LIMITS.siteTitleMax}
              {...describedBy('settings-title', err('siteTitle'))}
              {...form.register('siteTitle')}
            />
          </Field>
          <Field
            id="settings-description"
            label="Site description"
            error={err('siteDescription')}
            hint="Shown under the title in search results and link previews."
          >
            <Textarea
              rows={2}
              maxLength={SETTINGS_LIMITS.siteDescriptionMax}
              {...describedBy('settings-description', err('siteDescription'), true)}
              {...form.register('siteDescription')}
            />
          </Field>
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 font-semibold text-white">The station</legend>
          <Field
            id="settings-stream"
            label="Stream URL"
            error={err('streamUrl')}
            hint={`The address players tune in to. Leave empty for the default: ${settings.defaultStreamUrl ?? 'none'}.`}
          >
            <Input
              type="url"
              inputMode="url"
              placeholder={settings.defaultStreamUrl ?? 'https://'}
              {...describedBy('settings-stream', err('streamUrl'), true)}
              {...form.register('streamUrl')}
            />
          </Field>
          <Field
            id="settings-timezone"
            label="Station time zone"
            error={err('stationTimeZone')}
            hint="Show times and chart weeks follow it; listeners see times in their own zone."
          >
            <Input
              list="settings-timezones"
              autoComplete="off"
              spellCheck={false}
              {...describedBy('settings-timezone', err('stationTimeZone'), true)}
              {...form.register('stationTimeZone')}
            />
          </Field>
          <datalist id="settings-timezones">
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </fieldset>

        {/* DJ tools */}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-3 font-semibold text-white">Going live</legend>
          <label className="flex items-start gap-3 text-slate-200 text-sm" htmlFor="settings-live-slots">
            <input
              id="settings-live-slots"
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-pink-500"
              aria-describedby="settings-live-slots-hint"
              {...form.register('liveOnlyInBookedSlots')}
            />
            <span>Presenters may go live only in their booked slots, give or take 10 minutes</span>
          </label>
          <p id="settings-live-slots-hint" className="pl-7 text-slate-400 text-xs">
            Admins always may. A presenter connecting outside their slots is refused, and the system log says
            why.
          </p>
          {err('liveOnlyInBookedSlots') ? (
            <p className="pl-7 text-red-300 text-sm">{err('liveOnlyInBookedSlots')}</p>
          ) : null}
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 font-semibold text-white">Song requests</legend>
          <NumberField
            form={form}
            name="requestCooldownMinutes"
            label="Request cooldown (minutes)"
            hint="Time between two requests from one listener."
          />
          <NumberField
            form={form}
            name="recentPlayMinutes"
            label="Recently played (minutes)"
            hint="A song played this recently cannot be requested."
          />
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 font-semibold text-white">Music library</legend>
          <NumberField
            form={form}
            name="mediaUploadMaxMb"
            label="Upload size limit (MB)"
            hint="The largest audio file one upload may carry."
          />
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 font-semibold text-white">Recordings</legend>
          <div className="flex items-center gap-3 sm:col-span-2">
            <Switch
              checked={form.watch('recordingEnabled') !== false}
              onChange={() =>
                form.setValue('recordingEnabled', form.watch('recordingEnabled') === false, {
                  shouldDirty: true,
                })
              }
              aria-labelledby="settings-recording-enabled"
            />
            <span id="settings-recording-enabled" className="text-sm text-slate-200">
              Record live shows
            </span>
          </div>
          <NumberField
            form={form}
            name="recordingRetentionDays"
            label="Keep recordings (days)"
            hint="Older recordings are deleted."
          />
          <NumberField
            form={form}
            name="recordingDiskFloorMb"
            label="Free disk floor (MB)"
            hint="Below this much free disk, recording stops and staff are told."
          />
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 font-semibold text-white">Stream capacity</legend>
          <NumberField
            form={form}
            name="maxListeners"
            label="Most listeners at once"
            hint="MP3 listeners of the built-in engine, all qualities together. Saving applies it at once: Icecast re-reads its settings without a restart, and nobody listening is cut off."
          />
          <div className="flex flex-col gap-1 sm:col-span-2">
            <label
              className="flex items-start gap-3 text-slate-200 text-sm"
              htmlFor="settings-live-levelling"
            >
              <input
                id="settings-live-levelling"
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-pink-500"
                aria-describedby="settings-live-levelling-hint"
                {...form.register('liveLevelling')}
              />
              <span>Level the live input like AutoDJ</span>
            </label>
            <p id="settings-live-levelling-hint" className="pl-7 text-slate-400 text-xs">
              A DJ airs at the same loudness as AutoDJ (−16 LUFS), through the same limiter. Turn it off to
              air what the DJ sends as it is. Saving applies it at once.
            </p>
          </div>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 font-semibold text-white">Donations</legend>
          <Field
            id="settings-donation-url"
            label="Donation link"
            error={err('donationUrl')}
            hint="The page Donate opens (https://). Leave empty to hide the Donate button."
            className="sm:col-span-2"
          >
            <Input
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={SETTINGS_LIMITS.donationUrlMax}
              {...describedBy('settings-donation-url', err('donationUrl'), true)}
              {...form.register('donationUrl')}
            />
          </Field>
          <NumberField
            form={form}
            name="donationGoalGbp"
            label="Monthly goal (£)"
            hint="The target the home page's progress bar fills towards."
          />
          <NumberField
            form={form}
            name="donationRaisedGbp"
            label="Raised this month (£)"
            hint="Update it as donations come in."
          />
        </fieldset>

        <Field
          id="settings-rules"
          label="Presenter rules"
          error={err('presenterRules')}
          hint="Markdown or plain text, shown to presenters in their panel."
        >
          <Textarea
            rows={8}
            maxLength={SETTINGS_LIMITS.presenterRulesMax}
            className="font-mono"
            {...describedBy('settings-rules', err('presenterRules'), true)}
            {...form.register('presenterRules')}
          />
        </Field>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={update.isPending} icon={<Save aria-hidden className="size-4" />}>
            Save settings
          </Button>
          {isDirty ? <span className="text-slate-400 text-sm">Unsaved changes</span> : null}
        </div>
      </form>
    </Card>
  );
}

/** Admin Panel › Site Settings: every setting the site reads, and the weekly chart generator. */
export function SiteSettingsTab() {
  const settings = useSiteSettings();
  return (
    <section aria-labelledby="settings-heading" className="flex flex-col gap-5" data-testid="site-settings">
      <TabHeader id="settings-heading" title="Site Settings">
        Changes reach every open page as soon as they are saved.
      </TabHeader>
      {settings.isPending ? (
        <LoadingState label="Loading settings..." />
      ) : settings.isError ? (
        <Alert>{errorMessage(settings.error)}</Alert>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
      <WeeklyChartGenerator />
      <BackupsSection />
    </section>
  );
}
