/** The floating Live Chat widget's state: the shell's slot keeps it, the chat feature's panel changes it. */
export type ChatWidgetState = 'closed' | 'open' | 'minimised';
