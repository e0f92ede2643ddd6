import { createFileRoute } from '@tanstack/react-router';
import { RiskCalculatorPage } from '../features/risk-calculator/risk-calculator-page.tsx';

export const Route = createFileRoute('/risk-calculator')({
  component: RiskCalculatorPage,
});
