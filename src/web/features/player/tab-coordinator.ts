/**
 * Only one tab plays at a time: a tab that starts playing says so on a BroadcastChannel, and every
 * other tab of the site pauses. Browsers without BroadcastChannel simply play in every tab.
 */
export class TabCoordinator {
  private readonly id = Math.random().toString(36).slice(2);
  private channel: BroadcastChannel | null = null;

  constructor(
    private readonly onOtherTabPlaying: () => void,
    private readonly name = 'onair-player',
  ) {}

  open() {
    if (this.channel || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(this.name);
    this.channel.onmessage = (e: MessageEvent<{ type?: string; from?: string }>) => {
      if (e.data?.type === 'playing' && e.data.from !== this.id) this.onOtherTabPlaying();
    };
  }

  announcePlaying() {
    this.channel?.postMessage({ type: 'playing', from: this.id });
  }

  close() {
    this.channel?.close();
    this.channel = null;
  }
}
