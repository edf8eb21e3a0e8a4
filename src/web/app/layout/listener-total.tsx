/**
 * Slot for the live listener total beside the LIVE marker. The count arrives with the station feature;
 * until then nothing is shown rather than a made-up number.
 */
export function ListenerTotal() {
  return null;
}
