import { usePublicSettings } from '@web/features/settings/api';
import { clsx } from 'clsx';
import { type ComposerDraft, toHex } from '../composer-state';
import { DiscordMarkdown } from '../discord-markdown';

/** Discord's look for formatted text: code on a darker ground, blue links. */
const MARKDOWN =
  'whitespace-pre-wrap break-words [&_a]:text-[#00a8fc] [&_a]:underline-offset-2 [&_a:hover]:underline ' +
  '[&_code]:rounded [&_code]:bg-[#1e1f22] [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] ' +
  '[&_pre]:my-1 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:border [&_pre]:border-[#1e1f22] ' +
  '[&_pre]:bg-[#2b2d31] [&_pre]:p-2 [&_pre_code]:bg-transparent [&_pre_code]:p-0';

/**
 * The message as Discord will show it: the webhook's name, the text (its Markdown rendered as Discord
 * does), then each embed with its colour bar.
 */
export function DiscordPreview({ draft }: { draft: ComposerDraft }) {
  const { siteTitle } = usePublicSettings();
  const embeds = draft.embeds.filter((e) => e.title.trim() || e.description.trim());
  const time = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <section
      aria-label="Live preview"
      data-testid="discord-preview"
      className="rounded-xl bg-[#313338] p-4 text-[#dbdee1]"
    >
      <div className="flex gap-3">
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-pink-500 to-violet-500 font-bold text-white"
        >
          {siteTitle.slice(0, 1)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-1.5">
            <span className="font-semibold text-white">{siteTitle}</span>
            <span className="rounded bg-[#5865f2] px-1 font-semibold text-[10px] text-white uppercase">
              App
            </span>
            <span className="text-[#949ba4] text-xs">Today at {time}</span>
          </p>
          {draft.content.trim() ? (
            <div className={clsx(MARKDOWN, 'text-[15px]')} data-testid="preview-content">
              <DiscordMarkdown text={draft.content} />
            </div>
          ) : null}
          {embeds.map((e, i) => (
            <article
              // biome-ignore lint/suspicious/noArrayIndexKey: embeds are edited in place, by position
              key={i}
              data-testid="preview-embed"
              className="mt-2 max-w-[520px] rounded border-l-4 bg-[#2b2d31] p-3"
              style={{ borderLeftColor: toHex(e.color) }}
            >
              {e.title.trim() ? <h3 className="break-words font-semibold text-white">{e.title}</h3> : null}
              {e.description.trim() ? (
                <div className={clsx(MARKDOWN, 'mt-1 text-sm')}>
                  <DiscordMarkdown text={e.description} />
                </div>
              ) : null}
              {e.fields.length > 0 ? (
                <dl className="mt-2 grid grid-cols-3 gap-2">
                  {e.fields.map((f, j) => (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: fields are edited in place, by position
                      key={j}
                      className={clsx('min-w-0', f.inline ? 'col-span-1' : 'col-span-3')}
                    >
                      <dt className="break-words font-semibold text-sm text-white">{f.name}</dt>
                      <dd className={clsx(MARKDOWN, 'text-sm')}>
                        <DiscordMarkdown text={f.value} />
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </article>
          ))}
          {!draft.content.trim() && embeds.length === 0 ? (
            <p className="text-[#949ba4] text-sm italic">Your message will appear here.</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
