/** What other features may use of purchase (ADR 051): everything else here is its own. */
export { BuyATest } from './buy-a-test.tsx';
export { useProducts } from './use-products.ts';
