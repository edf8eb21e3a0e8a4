/** Slot for the floating 'Live Chat' widget (a later feature). Renders nothing yet. */
export function LiveChatSlot() {
  return null;
}
