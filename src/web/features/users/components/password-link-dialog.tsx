import type { SetPasswordLink, UserListItem } from '@shared/contracts/accounts';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { SetPasswordLinkNotice } from './set-password-link-notice';

/** A fresh set-password link for a member who has not chosen a password yet. */
export function PasswordLinkDialog({
  value,
  onClose,
}: {
  value: { user: UserListItem; link: SetPasswordLink } | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={value !== null} onClose={onClose} title="New set-password link" className="max-w-lg">
      {value ? (
        <div className="flex flex-col gap-4">
          <SetPasswordLinkNotice email={value.user.email} link={value.link} />
          <div>
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
