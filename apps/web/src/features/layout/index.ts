/** What other features may use of layout (ADR 051): everything else here is its own. */
export { TestPlacesNav } from './test-places-nav.tsx';
