/** The main e2e server's METRICS_TOKEN (playwright.config.ts), for the scrape at the end. */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-for-the-suite';
