/** The e2e suite's Chromium flags (playwright.config.ts): nothing is downloaded, nothing phones home. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
