import type { SetPasswordLink } from '@shared/contracts/accounts';
import { LIMITS } from '@shared/limits';
import { Alert } from '@web/components/ui/alert';
import { Input } from '@web/components/ui/input';
import { CopyButton } from '@web/features/station/components/copy-button';
import { useId } from 'react';

/**
 * How the new member gets their set-password link: mailed to them, or (no mail configured, or the mail
 * failed) shown here once for the admin to pass on. It is never a password, and it works once.
 */
export function SetPasswordLinkNotice({ email, link }: { email: string; link: SetPasswordLink }) {
  const id = useId();
  if (link.delivery === 'email' || !link.url) {
    return (
      <Alert tone="success">
        A link to choose a password was emailed to <strong className="break-all">{email}</strong>. It works
        once, for {LIMITS.setPasswordLinkHours} hours.
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid="set-password-link">
      <Alert tone="success">
        The account for <strong className="break-all">{email}</strong> is ready.{' '}
        {link.mailFailed ? 'The mail to them could not be sent' : 'Mail is not set up on this station'}, so
        send them this link yourself: they choose their own password with it. It works once, for{' '}
        {LIMITS.setPasswordLinkHours} hours, and is shown only now.
      </Alert>
      <label htmlFor={id} className="font-medium text-slate-300 text-sm">
        Set-password link
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={link.url}
          className="font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <CopyButton value={link.url} label="set-password link" />
      </div>
    </div>
  );
}
