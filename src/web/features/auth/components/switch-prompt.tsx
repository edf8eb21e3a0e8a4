/** The line under a login or sign-up form that offers the other one ("Don't have an account? Sign up here"). */
export function SwitchPrompt({
  question,
  action,
  onSwitch,
}: {
  question: string;
  action: string;
  onSwitch: () => void;
}) {
  return (
    <p className="text-center text-slate-300 text-sm">
      {question}{' '}
      <button type="button" onClick={onSwitch} className="font-semibold text-pink-300 hover:underline">
        {action}
      </button>
    </p>
  );
}
