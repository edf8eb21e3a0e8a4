/** The small count on a header icon's corner (unread messages, notifications); nothing at zero. */
export function UnreadBubble({
  count,
  text,
  testId,
  tone,
}: {
  count: number;
  /** The count as shown ("9+"). */
  text: string;
  testId: string;
  /** Its background. */
  tone: 'bg-pink-500' | 'bg-pink-600';
}) {
  if (count <= 0) return null;
  return (
    <span
      data-testid={testId}
      className={`absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full ${tone} px-1 font-bold text-[11px] text-white ring-2 ring-slate-950`}
    >
      {text}
    </span>
  );
}
