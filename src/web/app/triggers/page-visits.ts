import { createSignal } from './signal';

export interface PageVisit {
  path: string;
  at: number;
}

const visits: PageVisit[] = [];
const MAX_VISITS = 200;

/** Fired for every tracked path change; badge rules (e.g. speed_demon) read these. */
export const onPageVisit = createSignal<PageVisit>();

/** Page visits of this tab since it loaded, oldest first. */
export function getPageVisits(): readonly PageVisit[] {
  return visits;
}

export function recordPageVisit(path: string, at = Date.now()): PageVisit {
  const visit = { path, at };
  visits.push(visit);
  if (visits.length > MAX_VISITS) visits.splice(0, visits.length - MAX_VISITS);
  onPageVisit.emit(visit);
  return visit;
}
