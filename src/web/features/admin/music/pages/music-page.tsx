import { MusicTab } from '../components/music-tab';

/**
 * /music: the Music tab on a page of its own, for holders of manage_playlists who are not admins (the
 * Admin Panel is admins only). Admins reach the same tab in the panel.
 */
export default function MusicPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <MusicTab />
    </div>
  );
}
