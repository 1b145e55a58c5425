/**
 * How every browser run here starts Debian's Chromium (ARCHITECTURE.md): headless, no sandbox,
 * and none of the background connections this machine's closed network refuses.
 */
export function chromiumLaunchOptions(extraArgs = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  };
}
