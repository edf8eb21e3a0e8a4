/**
 * The media library's words (modules/media, features/admin/music). Refusals name the file so a batch
 * upload says which one failed. Texts convention: see common.ts.
 */
export const MEDIA_TEXTS = {
  refused: {
    empty: (file: string) => `${file}: the file is empty`,
    tooLarge: (file: string, mb: number) => `${file}: larger than the limit of ${mb} MB per file`,
    notAudio: (file: string) =>
      `${file}: not an audio file the station can play (MP3, AAC/M4A, OGG/Opus, FLAC or WAV)`,
    damaged: (file: string) => `${file}: the audio is damaged or incomplete`,
    tooSlow: (file: string, seconds: number) =>
      `${file}: took longer than ${seconds} s to check, too long for its length; convert it to a common format (e.g. 44.1 kHz stereo) and upload it again`,
    busy: (file: string) =>
      `${file}: too many of your files are being checked; upload it again when they are done`,
    noSpace: (mb: number) =>
      `The server’s disk is nearly full: this upload needs about ${mb} MB more than is free. Ask the station’s admin to free some space.`,
    noFiles: 'Choose one or more audio files to upload',
  },
  folder: {
    failed: (file: string) =>
      `${file}: could not be imported (see the system log); it is tried again at the next look`,
    skippedHeading: (n: number) => `${n} file${n === 1 ? '' : 's'} in the music folder not imported`,
    skippedIntro:
      'Fix or replace these files in the music folder: they are looked at again when they change.',
  },
  unknownArtist: 'Unknown artist',
  trackNotFound: 'Track not found',
  artNotImage: 'The cover art must be a JPG, PNG, GIF or WebP picture',
  artTooLarge: 'The cover art must be at most 5 MB',
  audioMissing: 'The track’s audio file is missing',
  bulkEditSummary: (n: number, set: { artist?: string; album?: string | null; genre?: string | null }) => {
    const parts = [
      set.artist !== undefined ? `artist “${set.artist}”` : null,
      set.album !== undefined ? (set.album ? `album “${set.album}”` : 'no album') : null,
      set.genre !== undefined ? (set.genre ? `genre “${set.genre}”` : 'no genre') : null,
    ].filter(Boolean);
    return `Set ${parts.join(', ')} on ${n} library track${n === 1 ? '' : 's'}`;
  },
  panel: {
    heading: 'Music',
    intro: 'The station’s music library: upload, tag and organise the tracks AutoDJ plays.',
    azuracast: 'This station’s music is managed in AzuraCast.',
    openAzuracast: 'Open AzuraCast',
    noEngine:
      'No radio engine is running. Install icecast2 and liquidsoap (or set RADIO_BACKEND=builtin) and restart OnAir to play music from this library.',
    librarySection: 'Library',
    dropHere: 'Drop audio files here or',
    choose: 'choose files',
    formats: 'MP3, AAC/M4A, OGG/Opus, FLAC or WAV',
    uploading: 'Uploading',
    processing: 'Checking the audio…',
    uploaded: 'Added',
    duplicate: 'Already in the library',
    search: 'Search title, artist or album',
    empty: 'No tracks yet. Upload some music to start.',
    noMatch: 'No track matches your search.',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    deleteConfirm: (title: string) => `Delete “${title}” from the library? The file is removed too.`,
    deleted: 'Track deleted',
    deletedAfterAir: 'On air now: it will be removed when it ends',
    saved: 'Track saved',
    replaceArt: 'Replace art',
    artSaved: 'Cover art replaced',
    addToPlaylist: 'Add to playlist',
    addedToPlaylist: (n: number, name: string) => `${n} track${n === 1 ? '' : 's'} added to ${name}`,
    selected: (n: number) => `${n} selected`,
    noPlaylists: 'No playlists yet',
    loudness: 'Loudness',
    year: 'Year',
    yearNotNumber: 'Year must be a whole number, like 1983',
    genre: 'Genre',
    isrc: 'ISRC',
    inPlaylists: 'In',
    inNoPlaylist: 'In no playlist',
    preview: (title: string) => `Preview ${title}`,
    stopPreview: (title: string) => `Stop ${title}`,
    bulkEdit: 'Edit selected',
    bulkEditHint: 'Fill only the fields to change; an empty album or genre is left as it is.',
    bulkEditApply: 'Apply',
    bulkEdited: (n: number) => `${n} track${n === 1 ? '' : 's'} updated`,
    bulkEditNothing: 'Give an artist, an album or a genre to set',
  },
} as const;
