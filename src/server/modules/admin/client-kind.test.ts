import { describe, expect, it } from 'vitest';
import { clientKindOf } from './client-kind';

describe('the kind of client, from its User-Agent', () => {
  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  ])('a browser: %s', (ua) => expect(clientKindOf(ua)).toBe('browser'));

  it.each([
    'VLC/3.0.18 LibVLC/3.0.18',
    'iTunes/12.12 (Macintosh; OS X 13.1) AppleWebKit/614',
    'AppleCoreMedia/1.0.0.22A3354 (iPhone; U; CPU OS 18_0 like Mac OS X; en_gb)',
    'WinampMPEG/5.66, Ultravox/2.1',
    'foobar2000/2.1',
    'TuneIn Radio/31.2.0; iPhone15,2; iOS/17.1',
    'ExoPlayerLib/2.19.1',
    'Lavf/60.16.100',
    'RadioDroid2/0.86',
    'MyRadioApp/2.1 CFNetwork/1494.0.7 Darwin/23.4.0',
    'Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/AP1A)',
    'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Sonos/79.1',
  ])('an app: %s', (ua) => expect(clientKindOf(ua)).toBe('app'));

  it.each([
    '',
    null,
    undefined,
    'curl/8.5.0',
    'Wget/1.21',
    'python-requests/2.31',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
    'Something/1.0',
  ])('other: %s', (ua) => expect(clientKindOf(ua)).toBe('other'));
});
