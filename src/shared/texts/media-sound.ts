/**
 * The words of a track's cue and fade and a playlist's transition (modules/media, features/admin/music).
 * Texts convention: see common.ts.
 */
export const SOUND_TEXTS = {
  cue: {
    cueInPastOut: 'Cue in must come before cue out',
    cueOutPastEnd: (length: string) => `Cue out is past the end of the track (${length})`,
    cueInPastEnd: (length: string) => `Cue in is past the end of the track (${length})`,
    fadeInTooLong: (cued: string) => `Fade in must be shorter than the cued length (${cued})`,
    fadeOutTooLong: (cued: string) => `Fade out must be shorter than the cued length (${cued})`,
    peaksUnreadable: 'The track’s audio could not be read for its waveform',
  },
  editor: {
    open: 'Cue & fade',
    openFor: (title: string) => `Cue & fade of ${title}`,
    heading: 'Cue & fade',
    intro:
      'Where AutoDJ starts and stops this track, and how long it fades in and out. Drag the markers or type seconds.',
    waveform: (title: string) => `Waveform of ${title}`,
    loading: 'Reading the waveform…',
    cueIn: 'Cue in (s)',
    cueOut: 'Cue out (s)',
    fadeIn: 'Fade in (s)',
    fadeOut: 'Fade out (s)',
    cuedLength: (length: string) => `Plays for ${length}`,
    reset: 'Reset',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Cue and fade saved',
  },
  transition: {
    label: 'Transition',
    crossfade: 'Crossfade',
    jingle: 'Jingle: played whole, no crossfade',
    crossfadeSeconds: 'Crossfade (seconds)',
    crossfadeHint: 'Empty: the station’s crossfade',
  },
} as const;
