// Debian's Chromium with the flags this machine needs (Playwright cannot download its own browser here,
// and background networking is refused by the closed network). Shared by the e2e and bench configs.
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
};
