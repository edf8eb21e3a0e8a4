import { Button } from '@web/components/ui/button';
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { BannedSongsPanel } from '../components/banned-songs-panel';

/** /banned-songs: the public list of songs that cannot be requested (linked from the guidelines). */
export default function BannedSongsPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Button
        variant="ghost"
        size="sm"
        className="-ml-3 mb-4"
        icon={<ArrowLeft aria-hidden className="size-4" />}
        onClick={() => navigate('/requests')}
      >
        Back to Requests
      </Button>
      <BannedSongsPanel heading="h1" />
    </div>
  );
}
