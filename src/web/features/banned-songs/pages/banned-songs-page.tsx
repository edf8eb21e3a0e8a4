import { BackButton } from '@web/components/back-button';
import { useNavigate } from 'react-router';
import { BannedSongsPanel } from '../components/banned-songs-panel';

/** /banned-songs: the public list of songs that cannot be requested (linked from the guidelines). */
export default function BannedSongsPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <BackButton className="-ml-3 mb-4" onClick={() => navigate('/requests')}>
        Back to Requests
      </BackButton>
      <BannedSongsPanel heading="h1" />
    </div>
  );
}
