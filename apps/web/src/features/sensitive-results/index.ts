/** What other features may use of sensitive results (ADR 051): everything else here is its own. */
export { SensitiveResultsPanel } from './sensitive-results-panel.tsx';
export { useSensitiveRuleActions, useSensitiveRules } from './use-sensitive-results.ts';
