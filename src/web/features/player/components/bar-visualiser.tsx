import { useMyShop } from '@web/features/shop/api';
import { clsx } from 'clsx';
import { AudioLines } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { analyserFor } from '../audio-analyser';
import { useMediaElement, usePlayer } from '../player-context';

const STORAGE_KEY = 'onair.visualiser';
const BARS = 32;

function storedOn() {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

function palette(el: HTMLElement) {
  const css = getComputedStyle(el);
  return [
    css.getPropertyValue('--color-pink-400').trim() || '#f472b6',
    css.getPropertyValue('--color-violet-500').trim() || '#8b5cf6',
  ];
}

/**
 * The Bar Visualiser (a shop item): the stream's real spectrum as bars, from a Web Audio analyser on the
 * player's own <audio> element, in the theme's accent colours. Shown only to members who own it; they can
 * switch it off. A stream from another site cannot be analysed without CORS: it says so.
 */
export function BarVisualiser({ className }: { className?: string }) {
  const shop = useMyShop();
  const owned = shop.data?.features.includes('bar_visualiser') ?? false;
  const { state } = usePlayer();
  const element = useMediaElement();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [on, setOn] = useState(storedOn);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    const c = canvas.current;
    const audio = element();
    if (!owned || !on || state !== 'playing' || !c || !audio) return;
    let frame = 0;
    let stopped = false;
    void analyserFor(audio).then((analyser) => {
      if (stopped) return;
      setUnavailable(analyser === null);
      if (!analyser) return;
      const data = new Uint8Array(analyser.frequencyBinCount);
      const g = c.getContext('2d');
      let colours = palette(c);
      let tick = 0;
      const draw = () => {
        if (stopped || !g) return;
        if (++tick % 60 === 0) colours = palette(c);
        const dpr = window.devicePixelRatio || 1;
        const w = c.clientWidth * dpr;
        const h = c.clientHeight * dpr;
        if (c.width !== w || c.height !== h) {
          c.width = w;
          c.height = h;
        }
        analyser.getByteFrequencyData(data);
        g.clearRect(0, 0, w, h);
        const gradient = g.createLinearGradient(0, h, 0, 0);
        gradient.addColorStop(0, colours[1]);
        gradient.addColorStop(1, colours[0]);
        g.fillStyle = gradient;
        const gap = 2 * dpr;
        const barW = (w - gap * (BARS - 1)) / BARS;
        for (let i = 0; i < BARS; i++) {
          const v = data[Math.floor((i * data.length * 0.75) / BARS)] / 255;
          const barH = Math.max(2 * dpr, v * h);
          g.fillRect(i * (barW + gap), h - barH, barW, barH);
        }
        frame = requestAnimationFrame(draw);
      };
      draw();
    });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
    };
  }, [owned, on, state, element]);

  if (!owned) return null;
  const toggle = () => {
    const next = !on;
    setOn(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Not remembered: it still switches for this visit.
    }
  };
  return (
    <div
      className={clsx('flex items-end gap-2', className)}
      data-testid="bar-visualiser"
      data-active={on && state === 'playing' && !unavailable}
    >
      {on && unavailable ? (
        <p role="status" className="flex-1 text-slate-400 text-xs">
          The visualiser needs the station's own stream relay.
        </p>
      ) : on ? (
        <canvas ref={canvas} aria-hidden className="h-14 min-w-0 flex-1 rounded-lg bg-slate-950/40" />
      ) : (
        <p className="flex-1 text-slate-400 text-xs">Visualiser off</p>
      )}
      <button
        type="button"
        aria-pressed={on}
        onClick={toggle}
        title={on ? 'Turn the visualiser off' : 'Turn the visualiser on'}
        className="flex size-8 shrink-0 items-center justify-center rounded-lg border border-slate-600 bg-slate-800 text-pink-300 hover:border-pink-400"
      >
        <AudioLines aria-hidden className="size-4" />
        <span className="sr-only">Bar visualiser</span>
      </button>
    </div>
  );
}
