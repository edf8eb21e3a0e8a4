// Started by the page's head (src/shared/intl-warmup-boot.ts): loads ICU's date and number data on a worker
// thread, which ICU then keeps for the whole renderer process, while the page's own scripts load.
(() => {
  const now = Date.now();
  try {
    new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(now);
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(now);
    new Intl.NumberFormat().format(1234.5);
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(100);
  } finally {
    close();
  }
})();
