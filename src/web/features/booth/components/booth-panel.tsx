import type { DeckTrack } from '@shared/contracts/media';
import { BOOTH_TEXTS } from '@shared/texts/booth';
import { hasCapability } from '@web/app/capabilities';
import { formatClock } from '@web/app/format-date';
import { useMe } from '@web/app/session';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Select } from '@web/components/ui/input';
import { Mic, MicOff, Pause, Play, Radio, SkipBack, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { deckTrackAudioUrl } from '../api';
import { BoothConnection, type BoothStatus } from '../booth-connection';
import { BoothMixer, boothMimeType } from '../booth-mixer';
import { DeckLibrary } from './deck-library';

const T = BOOTH_TEXTS;
const IDLE: BoothStatus = { state: 'idle', message: null, liveSince: null, slotEndsAt: null };

/** "12:04" on air since `since`, ticking. */
function useOnAirClock(since: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!since) return;
    // From now, not from when the clock last ticked (before a reconnection, say).
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [since]);
  if (!since) return '0:00';
  const s = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return s >= 3600
    ? `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
    : `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/**
 * Go live (presenter panel): the web DJ booth. The microphone and a music deck are mixed in the browser
 * and streamed to the station over the site's own connection; no streaming password is needed.
 */
export function BoothPanel() {
  const ids = useId();
  const { me } = useMe();
  // The library's audio is for those who may broadcast (and the library's managers): others see no picker.
  const mayUseLibrary = hasCapability(me, 'station.stream') || hasCapability(me, 'media.manage');
  const mixer = useRef<BoothMixer | null>(null);
  const connection = useRef<BoothConnection | null>(null);
  const [status, setStatus] = useState<BoothStatus>(IDLE);
  const [inputs, setInputs] = useState<MediaDeviceInfo[]>([]);
  const [input, setInput] = useState('');
  const [micOpen, setMicOpen] = useState(false);
  const [micError, setMicError] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [level, setLevel] = useState(0);
  /** What is on the deck: a local file, or a library track (its id). */
  const [deck, setDeck] = useState<{ name: string; el: HTMLAudioElement; libraryId: string | null } | null>(
    null,
  );
  const [playing, setPlaying] = useState(false);
  const [volume, setVolume] = useState(0.8);
  const clock = useOnAirClock(status.state === 'live' ? status.liveSince : null);
  const onAir = status.state === 'connecting' || status.state === 'live' || status.state === 'reconnecting';

  const mix = () => {
    mixer.current ??= new BoothMixer();
    return mixer.current;
  };

  useEffect(() => {
    if (!micOpen) return;
    let frame = 0;
    const tick = () => {
      setLevel(mixer.current?.micLevel() ?? 0);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [micOpen]);

  useEffect(
    () => () => {
      connection.current?.end();
      mixer.current?.close();
    },
    [],
  );

  const openMic = async (deviceId: string) => {
    setMicError(null);
    try {
      const m = mix();
      await m.resume();
      await m.openMicrophone(deviceId);
      setInput(deviceId);
      setMicOpen(true);
      const devices = await navigator.mediaDevices.enumerateDevices();
      setInputs(devices.filter((d) => d.kind === 'audioinput'));
    } catch (err) {
      setMicError(`${T.micRefused} (${(err as Error).message})`);
    }
  };

  const goLive = async () => {
    if (!micOpen) await openMic(input);
    const m = mix();
    await m.resume();
    const c = new BoothConnection(m.output.stream, boothMimeType(), setStatus);
    connection.current = c;
    c.start();
  };

  const load = (name: string, url: string, libraryId: string | null) => {
    const previous = deck?.el.src;
    const el = mix().loadDeck(url);
    if (previous?.startsWith('blob:')) URL.revokeObjectURL(previous);
    el.onended = () => setPlaying(false);
    setPlaying(false);
    setDeck({ name, el, libraryId });
  };
  const loadFile = (file: File | undefined) => {
    if (file) load(file.name, URL.createObjectURL(file), null);
  };
  const loadTrack = (t: DeckTrack) => load(`${t.artist} – ${t.title}`, deckTrackAudioUrl(t), t.id);

  const togglePlay = async () => {
    if (!deck) return;
    await mix().resume();
    if (deck.el.paused) {
      await deck.el.play();
      setPlaying(true);
    } else {
      deck.el.pause();
      setPlaying(false);
    }
  };

  const badge =
    status.state === 'live'
      ? 'red'
      : status.state === 'ended' || status.state === 'idle'
        ? 'neutral'
        : 'amber';

  return (
    <div className="flex flex-col gap-6" data-testid="booth">
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-bold text-white text-xl">{T.heading}</h2>
          <Badge tone={badge}>
            <span data-testid="booth-state" aria-live="polite">
              {T.states[status.state]}
            </span>
          </Badge>
        </div>
        <p className="text-slate-300 text-sm">{T.intro}</p>
        {status.state === 'live' ? (
          <dl className="grid grid-cols-2 gap-3 text-sm sm:max-w-md">
            <div>
              <dt className="text-slate-400">{T.onAirFor}</dt>
              <dd className="font-bold font-mono text-2xl text-white" data-testid="booth-clock">
                {clock}
              </dd>
            </div>
            <div>
              <dt className="text-slate-400">{T.slotEnds}</dt>
              <dd className="font-bold text-2xl text-white">
                {status.slotEndsAt ? formatClock(status.slotEndsAt) : T.noSlot}
              </dd>
            </div>
          </dl>
        ) : null}
        {status.message ? (
          <Alert tone={status.state === 'ended' && status.message === T.ended ? 'success' : 'error'}>
            {status.message}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {onAir ? (
            <Button
              variant="danger"
              icon={<Square aria-hidden className="size-4" />}
              onClick={() => connection.current?.end()}
            >
              {T.endShow}
            </Button>
          ) : (
            <Button icon={<Radio aria-hidden className="size-4" />} onClick={() => void goLive()}>
              {T.goLive}
            </Button>
          )}
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-4 p-5">
          <h3 className="font-bold text-lg text-white">{T.microphone}</h3>
          {micError ? <Alert>{micError}</Alert> : null}
          <label htmlFor={`${ids}-input`} className="text-slate-300 text-sm">
            {T.input}
          </label>
          <Select
            id={`${ids}-input`}
            value={input}
            onChange={(e) => void openMic(e.target.value)}
            disabled={!micOpen}
          >
            {inputs.length === 0 ? <option value="">{T.defaultInput}</option> : null}
            {inputs.map((d, i) => (
              <option key={d.deviceId || i} value={d.deviceId}>
                {d.label || `${T.input} ${i + 1}`}
              </option>
            ))}
          </Select>
          <meter
            aria-label={T.micLevel}
            min={0}
            max={1}
            low={0.6}
            high={0.9}
            optimum={0.4}
            value={level}
            className="h-3 w-full"
            data-testid="booth-meter"
          />
          <div className="flex flex-wrap gap-3">
            {micOpen ? (
              <Button
                variant="secondary"
                aria-pressed={muted}
                icon={
                  muted ? <MicOff aria-hidden className="size-4" /> : <Mic aria-hidden className="size-4" />
                }
                onClick={() => {
                  mix().setMuted(!muted);
                  setMuted(!muted);
                }}
              >
                {muted ? T.unmute : T.mute}
              </Button>
            ) : (
              <Button
                variant="secondary"
                icon={<Mic aria-hidden className="size-4" />}
                onClick={() => void openMic('')}
              >
                {T.openMic}
              </Button>
            )}
          </div>
        </Card>

        <Card className="flex flex-col gap-4 p-5">
          <h3 className="font-bold text-lg text-white">{T.deck}</h3>
          <label
            htmlFor={`${ids}-file`}
            className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-600 border-dashed p-4 text-center text-slate-300 text-sm"
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              loadFile(e.dataTransfer.files[0]);
            }}
          >
            <span data-testid="deck-loaded">{deck ? deck.name : T.dropMusic}</span>
            <input
              id={`${ids}-file`}
              type="file"
              accept="audio/*"
              className="sr-only"
              onChange={(e) => loadFile(e.target.files?.[0])}
            />
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              disabled={!deck}
              icon={
                playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />
              }
              onClick={() => void togglePlay()}
            >
              {playing ? T.pause : T.play}
            </Button>
            <Button
              variant="ghost"
              disabled={!deck}
              icon={<SkipBack aria-hidden className="size-4" />}
              onClick={() => {
                if (deck) deck.el.currentTime = 0;
              }}
            >
              {T.cue}
            </Button>
          </div>
          <label htmlFor={`${ids}-volume`} className="text-slate-300 text-sm">
            {T.deckVolume}
          </label>
          <input
            id={`${ids}-volume`}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={volume}
            onChange={(e) => {
              const v = Number(e.target.value);
              setVolume(v);
              mix().setDeckVolume(v);
            }}
            className="w-full accent-pink-500"
          />
          <p className="text-slate-400 text-xs">{T.talkOver}</p>
          {mayUseLibrary ? <DeckLibrary loadedId={deck?.libraryId ?? null} onLoad={loadTrack} /> : null}
        </Card>
      </div>
    </div>
  );
}
