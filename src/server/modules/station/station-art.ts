import { WEB_OR_SITE_URL } from '../../../shared/contracts/common';

export const DEFAULT_ART = '/station-art.svg';

/**
 * Art as a page may show it: an http(s) address or a path on this site, else the station's image (a
 * backend's `javascript:` or `data:` address, or `//host`, never reaches a page).
 */
export const artOrDefault = (url: string | null | undefined) =>
  url && url.length <= 2000 && WEB_OR_SITE_URL.test(url) ? url : DEFAULT_ART;
