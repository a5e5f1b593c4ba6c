// The one place that says how to launch Chromium here: Debian's /usr/bin/chromium when present
// (Playwright's own browser download may be unreachable), with the flags that keep it off the network.
import { existsSync } from 'node:fs';

const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launch options for Playwright: the system Chromium when present, else Playwright's own browser. */
export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  if (!existsSync(systemChromium)) return { args: [] };
  return {
    executablePath: systemChromium,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
