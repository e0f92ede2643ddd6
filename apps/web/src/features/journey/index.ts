/** What other features may use of journey (ADR 051): everything else here is its own. */
export { JourneyTimeline } from './journey-timeline.tsx';
export { NextStepCard } from './next-step-card.tsx';
export { journeyQuery, journeyQueryKey } from './use-journey.ts';
