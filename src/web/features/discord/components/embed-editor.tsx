import { DISCORD_LIMITS, embedLength } from '@shared/contracts/discord';
import { Button } from '@web/components/ui/button';
import { Field, Input, Textarea } from '@web/components/ui/input';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { type EmbedDraft, type FieldDraft, parseHexColor, toHex } from '../composer-state';
import { CharCounter } from './char-counter';

/** A colour as 6-digit hex: a picker, and a text box whose edit is ignored until it is valid. */
function ColorInput({ id, color, onChange }: { id: string; color: number; onChange: (c: number) => void }) {
  const [text, setText] = useState(toHex(color));
  const [shown, setShown] = useState(color);
  if (shown !== color) {
    setShown(color);
    setText(toHex(color));
  }
  const valid = parseHexColor(text) !== null;
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        aria-label="Pick the embed colour"
        value={toHex(color)}
        onChange={(e) => onChange(parseHexColor(e.target.value) ?? color)}
        className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-600 bg-slate-900 p-1"
      />
      <Input
        id={id}
        value={text}
        aria-invalid={valid ? undefined : true}
        maxLength={7}
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          const c = parseHexColor(e.target.value);
          if (c !== null) onChange(c);
        }}
        className="w-28 font-mono"
      />
    </div>
  );
}

function FieldRow({
  index,
  field,
  onChange,
  onRemove,
}: {
  index: number;
  field: FieldDraft;
  onChange: (f: FieldDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <li className="grid gap-2 rounded-lg border border-slate-700 bg-slate-900/60 p-3 sm:grid-cols-[1fr_1fr_auto]">
      <Field
        id={`${id}-name`}
        label={
          <span className="flex justify-between gap-2">
            Field {index + 1} name <CharCounter value={field.name.length} max={DISCORD_LIMITS.fieldName} />
          </span>
        }
      >
        <Input
          id={`${id}-name`}
          value={field.name}
          onChange={(e) => onChange({ ...field, name: e.target.value })}
        />
      </Field>
      <Field
        id={`${id}-value`}
        label={
          <span className="flex justify-between gap-2">
            Value <CharCounter value={field.value.length} max={DISCORD_LIMITS.fieldValue} />
          </span>
        }
      >
        <Input
          id={`${id}-value`}
          value={field.value}
          onChange={(e) => onChange({ ...field, value: e.target.value })}
        />
      </Field>
      <div className="flex items-center gap-3 sm:pt-6">
        <label className="flex items-center gap-2 text-slate-300 text-sm">
          <input
            type="checkbox"
            checked={field.inline}
            onChange={(e) => onChange({ ...field, inline: e.target.checked })}
            className="size-4 accent-pink-500"
          />
          Inline
        </label>
        <Button variant="ghost" size="sm" aria-label={`Remove field ${index + 1}`} onClick={onRemove}>
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </div>
    </li>
  );
}

/** One embed: title, description, colour and up to 25 fields, each with its counter. */
export function EmbedEditor({
  index,
  embed,
  onChange,
  onRemove,
}: {
  index: number;
  embed: EmbedDraft;
  onChange: (e: EmbedDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const full = embed.fields.length >= DISCORD_LIMITS.fields;
  const setField = (j: number, f: FieldDraft) =>
    onChange({ ...embed, fields: embed.fields.map((x, k) => (k === j ? f : x)) });
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-xl border border-slate-700 p-4"
      style={{ borderLeft: `4px solid ${toHex(embed.color)}` }}
    >
      <legend className="px-1 font-semibold text-slate-100">Embed {index + 1}</legend>
      <div className="flex justify-end">
        <Button
          variant="danger"
          size="sm"
          icon={<Trash2 aria-hidden className="size-4" />}
          onClick={onRemove}
        >
          Remove Embed
        </Button>
      </div>
      <Field
        id={`${id}-title`}
        label={
          <span className="flex justify-between gap-2">
            Title <CharCounter label="Title" value={embed.title.length} max={DISCORD_LIMITS.title} />
          </span>
        }
      >
        <Input
          id={`${id}-title`}
          value={embed.title}
          onChange={(e) => onChange({ ...embed, title: e.target.value })}
        />
      </Field>
      <Field
        id={`${id}-description`}
        label={
          <span className="flex justify-between gap-2">
            Description{' '}
            <CharCounter
              label="Description"
              value={embed.description.length}
              max={DISCORD_LIMITS.description}
            />
          </span>
        }
      >
        <Textarea
          id={`${id}-description`}
          rows={4}
          value={embed.description}
          onChange={(e) => onChange({ ...embed, description: e.target.value })}
        />
      </Field>
      <Field id={`${id}-color`} label="Colour (6-digit hex)">
        <ColorInput
          id={`${id}-color`}
          color={embed.color}
          onChange={(color) => onChange({ ...embed, color })}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-300 text-sm">
          Fields <CharCounter label="Fields" value={embed.fields.length} max={DISCORD_LIMITS.fields} />
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={full}
          icon={<Plus aria-hidden className="size-4" />}
          onClick={() =>
            onChange({ ...embed, fields: [...embed.fields, { name: '', value: '', inline: false }] })
          }
        >
          Add Field
        </Button>
      </div>
      {embed.fields.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {embed.fields.map((f, j) => (
            <FieldRow
              // biome-ignore lint/suspicious/noArrayIndexKey: fields are edited in place, by position
              key={j}
              index={j}
              field={f}
              onChange={(next) => setField(j, next)}
              onRemove={() => onChange({ ...embed, fields: embed.fields.filter((_, k) => k !== j) })}
            />
          ))}
        </ul>
      ) : null}
      <p className="text-slate-400 text-xs">This embed: {embedLength(embed)} characters</p>
    </fieldset>
  );
}
