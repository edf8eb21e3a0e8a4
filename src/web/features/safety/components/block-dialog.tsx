import { SAFETY_TEXTS } from '@shared/texts/safety';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { useBlock } from '../api';

export interface BlockTarget {
  id: string;
  name: string;
}

/** Confirms blocking a member: what it does, and that they are not told. */
export function BlockDialog({ member, onClose }: { member: BlockTarget | null; onClose: () => void }) {
  const block = useBlock();
  const close = () => {
    block.reset();
    onClose();
  };
  const confirm = () => {
    if (!member) return;
    block.mutate(member.id, {
      onSuccess: () => {
        toast.success(SAFETY_TEXTS.blocked(member.name));
        close();
      },
    });
  };
  return (
    <Dialog open={Boolean(member)} onClose={close} title={member ? `Block ${member.name}?` : ''}>
      {member ? (
        <div className="flex flex-col gap-4">
          <ul className="list-disc space-y-1 pl-5 text-slate-300 text-sm">
            <li>You will not see their messages in the live chat.</li>
            <li>They cannot send you direct messages or mention you.</li>
            <li>They are not told. You can unblock them in your profile settings.</li>
          </ul>
          {block.isError ? <Alert>{errorMessage(block.error)}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" busy={block.isPending} onClick={confirm} data-autofocus>
              Block
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
