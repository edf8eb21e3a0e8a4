import { useMe } from '@web/app/session';
import { Input } from '@web/components/ui/input';
import { useMembers } from '@web/features/members/api';
import { useBlockedIds } from '@web/features/safety/api';
import { clsx } from 'clsx';
import {
  type InputHTMLAttributes,
  type KeyboardEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useChatMessages } from '../api';
import { insertMention, matchNames, mentionAt } from '../mention-query';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * The chat's text input with @mention autocomplete: typing `@` and a few letters lists matching display
 * names (people in the chat first, then members found by name); arrows move, Enter or Tab picks, Esc closes.
 */
export function MentionInput({ value, onValueChange, onKeyDown, className, ...rest }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const at = mentionAt(value, caret);
  const term = at?.query.trim() ?? '';
  const { me } = useMe();
  const blocked = useBlockedIds();
  const chat = useChatMessages();
  const members = useMembers(term, { enabled: term.length > 0 });
  const names = useMemo(() => {
    const pool = new Map<string, { name: string }>();
    for (const m of chat.data?.messages ?? []) pool.set(m.author.id, { name: m.author.name });
    for (const m of members.data ?? []) pool.set(m.id, { name: m.displayName });
    if (me) pool.delete(me.user.id);
    for (const id of blocked) pool.delete(id);
    return [...pool.values()];
  }, [chat.data, members.data, me, blocked]);
  const suggestions = at ? matchNames(names.map((n) => n.name).reverse(), at.query) : [];
  const open = Boolean(at) && suggestions.length > 0 && closedAt !== `${at?.start}:${value}`;
  const current = Math.min(active, suggestions.length - 1);

  // The caret goes after a picked name as soon as the new text is in the input, before the next key is
  // handled: placed a frame later, a quick typist's next letter landed at the end of the line instead.
  const caretAfterPick = useRef<{ text: string; caret: number } | null>(null);
  useLayoutEffect(() => {
    const pending = caretAfterPick.current;
    if (!pending || pending.text !== value) return;
    caretAfterPick.current = null;
    if (input.current?.value === value) input.current.setSelectionRange(pending.caret, pending.caret);
  }, [value]);

  const pick = (name: string) => {
    if (!at) return;
    const next = insertMention(value, at, name);
    caretAfterPick.current = next;
    onValueChange(next.text);
    setCaret(next.caret);
    setActive(0);
  };
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(suggestions[current]);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setClosedAt(`${at?.start}:${value}`);
        return;
      }
    }
    onKeyDown?.(e);
  };

  return (
    <div className={clsx('relative', className)}>
      <Input
        {...rest}
        ref={input}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${current}` : undefined}
        onChange={(e) => {
          onValueChange(e.target.value);
          setCaret(e.target.selectionStart ?? e.target.value.length);
          setActive(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
        onKeyDown={keyDown}
      />
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Mention a member"
          className="absolute bottom-full left-0 z-20 mb-1 max-h-56 w-full min-w-48 overflow-y-auto rounded-xl border border-slate-600 bg-slate-900 p-1 shadow-xl"
        >
          {suggestions.map((name, i) => (
            <div
              key={name}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === current}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(name);
              }}
              onMouseEnter={() => setActive(i)}
              className={clsx(
                'flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm',
                i === current ? 'bg-pink-500/20 text-white' : 'text-slate-200',
              )}
            >
              <span
                aria-hidden
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-pink-500 font-bold text-white text-xs"
              >
                {name.slice(0, 1).toUpperCase()}
              </span>
              {name}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
