/** What other modules may use of brand (ADR 051): everything else here is its own. */
export { BRAND_LOGO_PATH } from './routes.ts';
