import { Sparkles } from 'lucide-react';

export interface RoleTemplate {
  fullName: string;
  description: string;
  permissions: string[];
}

/** Buttons that prefill the role form from one of the five templates. */
export function RoleTemplates({
  templates,
  onPick,
}: {
  templates: Record<string, RoleTemplate>;
  onPick: (name: string, template: RoleTemplate) => void;
}) {
  const entries = Object.entries(templates);
  if (entries.length === 0) return null;
  return (
    <div>
      <p className="mb-2 flex items-center gap-1.5 font-medium text-slate-300 text-sm">
        <Sparkles aria-hidden className="size-4 text-pink-400" />
        Start from a template
      </p>
      <div className="flex flex-wrap gap-2">
        {entries.map(([name, template]) => (
          <button
            key={name}
            type="button"
            onClick={() => onPick(name, template)}
            title={template.description}
            className="rounded-full border border-slate-600 bg-slate-800 px-3 py-1.5 font-medium text-slate-100 text-sm transition hover:border-pink-400/60 hover:text-white"
          >
            {template.fullName}
          </button>
        ))}
      </div>
    </div>
  );
}
