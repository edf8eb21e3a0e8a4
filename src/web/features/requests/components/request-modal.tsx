import { Dialog } from '@web/components/ui/dialog';
import { closeRequestModal, useRequestModalOpen } from '../request-modal-store';
import { RequestForm } from './request-form';

/** 'Send a Request': the request form in a modal, opened from the home player; closes on success. */
export function RequestModal() {
  const open = useRequestModalOpen();
  return (
    <Dialog open={open} onClose={closeRequestModal} title="Send a Request" className="max-w-lg">
      <RequestForm variant="modal" onSubmitted={closeRequestModal} />
    </Dialog>
  );
}
