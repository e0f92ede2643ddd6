import * as z from 'zod/mini';
import { asUserSchema } from './view-as.ts';

/*
 * GET /journey: where each of the person's tests stands, from purchase to results, as a
 * checklist the journey pages (/saliva, /pgt, /step-1, /step-2, /results, /father, /mother) and
 * the reports home read. Computed from the database on every call, never stored.
 */

/** The steps of a test, in the order a patient takes them. */
export const JOURNEY_STEPS = [
  'purchased',
  'survey',
  'terms',
  'kit-activated',
  'partner-joined',
  'sample-sent',
  'results',
] as const;
export const journeyStepKeySchema = z.enum(JOURNEY_STEPS);
export type JourneyStepKey = z.infer<typeof journeyStepKeySchema>;

/**
 * 'current': the person's own to do now; 'waiting': on someone else (the partner, the lab, the
 * clinic); 'todo': later, once an earlier step is done; 'not-applicable': not part of this test.
 */
export const JOURNEY_STEP_STATES = [
  'done',
  'current',
  'waiting',
  'todo',
  'not-applicable',
] as const;
export const journeyStepStateSchema = z.enum(JOURNEY_STEP_STATES);
export type JourneyStepState = z.infer<typeof journeyStepStateSchema>;

/** How each state reads beside its icon: the state is never told by color alone. */
export const JOURNEY_STATE_LABELS: Record<JourneyStepState, string> = {
  done: 'Done',
  current: 'To do now',
  waiting: 'Waiting',
  todo: 'Later',
  'not-applicable': 'Not needed',
};

/** The next step as a sentence: 'Next: answer your health survey'. */
export const JOURNEY_NEXT_PHRASES: Record<JourneyStepKey, string> = {
  purchased: 'buy a test',
  survey: 'answer your health survey',
  terms: 'review and accept the terms and the HIPAA notice',
  'kit-activated': 'activate your kit',
  'partner-joined': 'invite your partner',
  'sample-sent': 'send your sample',
  results: 'see your results',
};

/** A page of the portal, with its query, and the words of the button. */
export const journeyLinkSchema = z.object({
  /** A path of the portal, e.g. '/order'. */
  to: z.string(),
  search: z.optional(z.record(z.string(), z.string())),
  label: z.string(),
});
export type JourneyLink = z.infer<typeof journeyLinkSchema>;

export const journeyStepSchema = z.object({
  key: journeyStepKeySchema,
  title: z.string(),
  state: journeyStepStateSchema,
  /**
   * What the state reads as beside its icon when the state's own word says too little, e.g.
   * 'You: done; waiting for Alex'; without it, JOURNEY_STATE_LABELS.
   */
  stateLabel: z.optional(z.string()),
  /** A short sentence, e.g. 'You: done; Alex: not yet'. */
  detail: z.string(),
  /** Unix seconds, when the step was done and that is known. */
  doneAt: z.nullable(z.number()),
  /** Where to do it (or see it); null when there is nothing to open. */
  link: z.nullable(journeyLinkSchema),
});
export type JourneyStep = z.infer<typeof journeyStepSchema>;

/** Where the results stand. */
export const RESULTS_STATUSES = ['not-sent', 'sample-received', 'in-lab', 'ready'] as const;
export const resultsStatusSchema = z.enum(RESULTS_STATUSES);
export type ResultsStatus = z.infer<typeof resultsStatusSchema>;

export const journeyResultsSchema = z.object({
  status: resultsStatusSchema,
  /** Unix seconds: when the lab recorded the sample as received. */
  sampleReceivedAt: z.nullable(z.number()),
  /**
   * Unix seconds: when the report is expected, in calendar days as the catalogue sells the
   * turnaround (the sample's arrival plus the turnaround; before it arrives, an estimate). Null
   * once ready, or with no order to tell.
   */
  expectedBy: z.nullable(z.number()),
  /** The product's turnaround in calendar days, when an order tells it. */
  turnaroundDays: z.nullable(z.int()),
  /** The report to open once ready. */
  report: z.nullable(z.object({ id: z.string(), kind: z.enum(['joint', 'individual', 'embryo']) })),
});
export type JourneyResults = z.infer<typeof journeyResultsSchema>;

export const journeyTestSchema = z.object({
  /** The couple account's id or the individual order's id. */
  id: z.string(),
  /** 'saliva': preconception screening (couple or individual); 'pgt': embryo testing. */
  kind: z.enum(['saliva', 'pgt']),
  scope: z.enum(['couple', 'individual']),
  /** The person's role on the test. */
  role: z.enum(['mother', 'father', 'self']),
  /** The product, e.g. 'Preconception Screening - 30x'. */
  name: z.string(),
  /** Unix seconds. */
  purchaseDate: z.number(),
  /** The paid order that bought it; null for a test arranged otherwise (a clinic's). */
  purchaseOrderId: z.nullable(z.string()),
  /** For a couple: the other person, by first name once joined, else the invited email. */
  partner: z.nullable(
    z.object({
      name: z.nullable(z.string()),
      email: z.nullable(z.string()),
      joined: z.boolean(),
    }),
  ),
  steps: z.array(journeyStepSchema),
  results: journeyResultsSchema,
});
export type JourneyTest = z.infer<typeof journeyTestSchema>;

export const journeyAnswerSchema = z.object({
  /** Newest purchase first. */
  tests: z.array(journeyTestSchema),
  /** The person's own next step: the first 'current' step of the newest test that has one. */
  next: z.nullable(z.object({ testId: z.string(), step: journeyStepSchema })),
});
export type JourneyAnswer = z.infer<typeof journeyAnswerSchema>;

/** GET /journey: `asUser`, for lab staff reading as a patient (audited, read only). */
export const journeyQuerySchema = z.object({ asUser: z.optional(asUserSchema) });
