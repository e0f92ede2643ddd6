/** What other features may use of risk calculator (ADR 051): everything else here is its own. */
export { riskConditionsQueryKey } from './use-risk-conditions.ts';
