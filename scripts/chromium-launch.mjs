// How the project starts Chromium (the browser tests, the phone bench, the screenshot script):
// Debian's headless shell unless CHROMIUM_PATH names another, without the background work a
// first run of a desktop browser would do.

/** Playwright's launch options for the system Chromium at `executablePath`. */
export function chromiumLaunchOptions(
  executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
) {
  return {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}
