import {
  ORDER_STAGES,
  orderStageSchema,
  type OrderStage,
} from '@nestling/shared/contract/order-tracker';
import type {
  JourneyAnswer,
  JourneyResults,
  JourneyStep,
  JourneyTest,
} from '@nestling/shared/contract/journey';
import { formatUsDate, preconceptionTestName } from '@nestling/shared/products';
import { expectedReportDate } from '../purchase-orders/index.ts';
import type { TermsStatus } from '../terms/index.ts';
import type {
  CoupleAccountRow,
  IndividualOrderRow,
  JourneyRepository,
  OrderEventRow,
  PersonRow,
  PurchaseOrderRow,
  ReportOfTest,
} from './repository.ts';

export interface JourneyDeps {
  repository: JourneyRepository;
  /** The derived `tosAccepted`/`hipaaAccepted` of one person (terms/status.ts). */
  termsOf: (userId: string) => Promise<TermsStatus>;
}

/** The name of an embryo-testing account, which no product of the catalogue sells. */
export const PGT_TEST_NAME = 'Embryo screening (PGT)';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const stageIndex = (stage: string) => {
  const parsed = orderStageSchema.safeParse(stage);
  return parsed.success ? ORDER_STAGES.indexOf(parsed.data) : -1;
};
const reached = (order: PurchaseOrderRow | undefined, stage: OrderStage) =>
  order !== undefined && stageIndex(order.stage) >= stageIndex(stage);

/** The last event of a stage, in unix seconds. */
function eventAt(events: readonly OrderEventRow[], stage: OrderStage): number | null {
  const event = events.filter((entry) => entry.stage === stage).at(-1);
  return event === undefined ? null : seconds(event.at);
}

/** The paid order of a test, else the refunded one (it still tells the dates). */
function orderOf(orders: readonly PurchaseOrderRow[]): PurchaseOrderRow | undefined {
  return orders.find((order) => order.status === 'paid') ?? orders[0];
}

/** What the person's own steps have in common for each person: done or not. */
interface Personal {
  survey: boolean;
  terms: boolean;
}

/** 'You: done; Alex: not yet', for a step both partners take. */
function bothSaid(own: boolean, partner: { name: string; joined: boolean; done: boolean }) {
  const theirs = !partner.joined ? 'not joined yet' : partner.done ? 'done' : 'not yet';
  return `You: ${own ? 'done' : 'not yet'}; ${partner.name}: ${theirs}`;
}

function personalStep(
  key: 'survey' | 'terms',
  own: boolean,
  partner: { name: string; joined: boolean; done: boolean } | null,
): JourneyStep {
  const survey = key === 'survey';
  const title = survey ? 'Health survey' : 'Terms and HIPAA notice';
  const link = own
    ? null
    : survey
      ? { to: '/health-survey', label: 'Answer the survey' }
      : { to: '/review-terms', label: 'Review and accept' };
  if (partner === null) {
    return {
      key,
      title,
      state: own ? 'done' : 'current',
      detail: own
        ? survey
          ? 'You answered your health survey'
          : 'You accepted the terms and the HIPAA notice'
        : survey
          ? 'Tell the lab about your health and your family'
          : 'Read and accept the terms of service and the HIPAA notice',
      doneAt: null,
      link,
    };
  }
  const waiting = own && !(partner.joined && partner.done);
  const waitingFor = survey
    ? `Waiting for ${partner.name === 'your partner' ? 'your partner' : partner.name} to answer their survey`
    : `Waiting for ${partner.name === 'your partner' ? 'your partner' : partner.name} to accept the terms`;
  const said = bothSaid(own, partner);
  const partnerName = partner.name === 'your partner' ? 'your partner' : partner.name;
  return {
    key,
    title,
    state: !own ? 'current' : waiting ? 'waiting' : 'done',
    ...(waiting ? { stateLabel: `You: done; waiting for ${partnerName}` } : {}),
    detail: waiting ? `${said}. ${waitingFor}` : said,
    doneAt: null,
    link,
  };
}

function purchasedStep(
  order: PurchaseOrderRow | undefined,
  purchaseDate: number,
  buyerName: string | null,
  clinicName: string | null = null,
): JourneyStep {
  if (order === undefined) {
    return {
      key: 'purchased',
      title: 'Test arranged',
      state: 'done',
      detail: `Arranged through ${clinicName ?? 'your clinic'}`,
      doneAt: purchaseDate,
      link: null,
    };
  }
  return {
    key: 'purchased',
    title: 'Test purchased',
    state: 'done',
    detail:
      buyerName === null
        ? `Bought on ${formatUsDate(purchaseDate)}`
        : `Bought by ${buyerName} on ${formatUsDate(purchaseDate)}`,
    doneAt: purchaseDate,
    link: { to: '/order', search: { id: order.id }, label: 'See your order' },
  };
}

function activationStep(
  activatedAt: number | null,
  couple: boolean,
  order: PurchaseOrderRow | undefined,
): JourneyStep {
  if (activatedAt !== null) {
    return {
      key: 'kit-activated',
      title: couple ? 'Kits activated' : 'Kit activated',
      state: 'done',
      detail: `Activated on ${formatUsDate(activatedAt)}`,
      doneAt: activatedAt,
      link: null,
    };
  }
  // A kit is activated once it has arrived, so not before it ships.
  if (order !== undefined && !reached(order, 'kit-shipped')) {
    return {
      key: 'kit-activated',
      title: couple ? 'Kits activated' : 'Kit activated',
      state: 'waiting',
      detail: couple
        ? 'Your kits are being prepared. You activate them when they arrive.'
        : 'Your kit is being prepared. You activate it when it arrives.',
      doneAt: null,
      link: null,
    };
  }
  return {
    key: 'kit-activated',
    title: couple ? 'Kits activated' : 'Kit activated',
    state: 'current',
    detail: couple
      ? 'When the kits arrive, activate them both with the ids printed on the tubes'
      : 'When the kit arrives, activate it with the id printed on the tube',
    doneAt: null,
    link: { to: '/activate', label: 'Activate your kit' },
  };
}

const HOW_TO_SEND = { to: '/return-shipping', label: 'How to send your sample' };

function sampleStep(
  receivedAt: number | null,
  received: boolean,
  activated: boolean,
  couple: boolean,
): JourneyStep {
  const samples = couple ? 'your samples' : 'your sample';
  if (received) {
    return {
      key: 'sample-sent',
      title: 'Sample sent',
      state: 'done',
      detail:
        receivedAt === null
          ? `The lab has ${samples}`
          : `The lab received ${samples} on ${formatUsDate(receivedAt)}`,
      doneAt: receivedAt,
      link: null,
    };
  }
  return {
    key: 'sample-sent',
    title: 'Sample sent',
    state: activated ? 'current' : 'todo',
    detail: activated
      ? 'Give your saliva sample and send it back in the prepaid box'
      : 'Once your kit is activated, send your saliva sample back',
    doneAt: null,
    link: HOW_TO_SEND,
  };
}

function resultsStep(results: JourneyResults, deliveredAt: number | null): JourneyStep {
  const link = { to: '/results', label: 'See your results' };
  if (results.status === 'ready') {
    return {
      key: 'results',
      title: 'Results',
      state: 'done',
      detail:
        deliveredAt === null
          ? 'Your report is ready'
          : `Your report was delivered on ${formatUsDate(deliveredAt)}`,
      doneAt: deliveredAt,
      link,
    };
  }
  const expected =
    results.expectedBy === null ? '' : `; expected by ${formatUsDate(results.expectedBy)}`;
  if (results.status !== 'not-sent') {
    return {
      key: 'results',
      title: 'Results',
      state: 'waiting',
      detail: `The lab is working on your sample${expected}`,
      doneAt: null,
      link: { to: '/results', label: 'Where your results stand' },
    };
  }
  return {
    key: 'results',
    title: 'Results',
    state: 'todo',
    detail:
      results.turnaroundDays === null
        ? 'After the lab receives your sample'
        : `About ${String(results.turnaroundDays)} days after the lab receives your sample`,
    doneAt: null,
    link: { to: '/results', label: 'Where your results stand' },
  };
}

function resultsOf(
  order: PurchaseOrderRow | undefined,
  events: readonly OrderEventRow[],
  reports: readonly ReportOfTest[],
  received: boolean,
): JourneyResults {
  const ready = reports.at(-1);
  const sampleReceivedAt = eventAt(events, 'sample-received');
  const status = ready
    ? 'ready'
    : reached(order, 'in-lab')
      ? 'in-lab'
      : received
        ? 'sample-received'
        : 'not-sent';
  return {
    status,
    sampleReceivedAt,
    expectedBy:
      status === 'ready' || order === undefined ? null : expectedReportDate(order, [...events]),
    turnaroundDays: order?.turnaroundDays ?? null,
    report:
      ready === undefined
        ? null
        : {
            id: ready.id,
            kind:
              ready.kind === 'embryo' ? 'embryo' : ready.kind === 'joint' ? 'joint' : 'individual',
          },
  };
}

const deliveredAt = (reports: readonly ReportOfTest[]) => {
  const first = reports[0]?.deliveredAt ?? null;
  return first === null ? null : seconds(new Date(first));
};

/**
 * The journey of each of a person's tests (spec sections 2–5): purchased, survey, terms, kit
 * activated, partner joined, sample sent, results. Computed from the database on every call.
 */
export function createJourneyService(deps: JourneyDeps) {
  const { repository } = deps;

  return {
    async journeyOf(userId: string): Promise<JourneyAnswer> {
      const [accounts, individual, clinicName] = await Promise.all([
        repository.coupleAccountsOf(userId),
        repository.individualOrdersOf(userId),
        repository.chosenClinicName(userId),
      ]);
      const accountIds = accounts.map((account) => account.id);
      const individualIds = individual.map((order) => order.id);
      const [orders, reports, accepted] = await Promise.all([
        repository.purchaseOrdersOf(accountIds, individualIds),
        repository.reportsOf(accountIds, individualIds),
        repository.acceptedInvitations(accountIds),
      ]);
      const events = await repository.eventsOf(orders.map((order) => order.id));
      const personIds = new Set<string>([userId]);
      for (const account of accounts) {
        if (account.mother !== null) personIds.add(account.mother);
        if (account.father !== null) personIds.add(account.father);
      }
      for (const order of orders) personIds.add(order.userId);
      const people = new Map<string, PersonRow>(
        (await repository.people([...personIds])).map((person) => [person.id, person]),
      );
      const personal = new Map<string, Personal>();
      for (const id of personIds) {
        const terms = await deps.termsOf(id);
        personal.set(id, {
          survey: people.get(id)?.healthSurveyStatus === 'done',
          terms: terms.tosAccepted && terms.hipaaAccepted,
        });
      }
      const own = personal.get(userId) ?? { survey: false, terms: false };
      const firstName = (id: string | null) =>
        id === null ? null : (people.get(id)?.firstName ?? null);

      const coupleTest = (account: CoupleAccountRow): JourneyTest => {
        const role = account.mother === userId ? 'mother' : 'father';
        const partnerRole = role === 'mother' ? 'father' : 'mother';
        const partnerId = account[partnerRole];
        const partnerEmail = partnerRole === 'mother' ? account.motherEmail : account.fatherEmail;
        const joined = partnerId !== null;
        const partnerName = firstName(partnerId) ?? 'your partner';
        const partnerState = partnerId === null ? undefined : personal.get(partnerId);
        const accountOrders = orders.filter((order) => order.coupleAccountId === account.id);
        const order = orderOf(accountOrders);
        const orderEvents = events.filter((event) => event.orderId === order?.id);
        const accountReports = reports.filter((entry) => entry.coupleAccountId === account.id);
        const pgt = accountReports.some((entry) => entry.kind === 'embryo');
        const resultReports = accountReports.filter(
          (entry) => entry.kind === (pgt ? 'embryo' : 'joint'),
        );
        const recorded = new Set(account.donePilotOnboardingSteps);
        const received =
          reached(order, 'sample-received') ||
          recorded.has('SAMPLE_SENT') ||
          resultReports.length > 0;
        const results = resultsOf(order, orderEvents, resultReports, received);
        const buyer =
          order === undefined || order.userId === userId ? null : firstName(order.userId);
        const activatedAt =
          account.activatedAt !== null
            ? seconds(account.activatedAt)
            : reached(order, 'kit-activated')
              ? eventAt(orderEvents, 'kit-activated')
              : null;
        const activated =
          account.activatedAt !== null ||
          reached(order, 'kit-activated') ||
          recorded.has('KIT_ACTIVATED');
        const joinedAt = accepted.get(account.id);

        const partnerStep: JourneyStep = joined
          ? {
              key: 'partner-joined',
              title: 'Partner joined',
              state: 'done',
              detail:
                joinedAt === undefined
                  ? `${firstName(partnerId) ?? 'Your partner'} joined`
                  : `${firstName(partnerId) ?? 'Your partner'} joined on ${formatUsDate(seconds(joinedAt))}`,
              doneAt: joinedAt === undefined ? null : seconds(joinedAt),
              link: null,
            }
          : partnerEmail !== null
            ? {
                key: 'partner-joined',
                title: 'Partner joined',
                state: 'waiting',
                detail: `Waiting for ${partnerEmail} to accept the invitation`,
                doneAt: null,
                link: { to: '/partner', label: 'Manage the invitation' },
              }
            : {
                key: 'partner-joined',
                title: 'Partner joined',
                state: 'current',
                detail: 'Invite your partner to answer their survey and accept the terms',
                doneAt: null,
                link: { to: '/partner', label: 'Invite your partner' },
              };

        const partnerFor = (done: boolean) => ({ name: partnerName, joined, done });
        const steps: JourneyStep[] = [
          purchasedStep(order, account.purchaseDate, buyer, clinicName),
          personalStep('survey', own.survey, partnerFor(partnerState?.survey ?? false)),
          personalStep('terms', own.terms, partnerFor(partnerState?.terms ?? false)),
          pgt
            ? {
                key: 'kit-activated',
                title: 'Kit activated',
                state: 'not-applicable',
                detail: 'Your clinic takes the sample: there is no kit to activate',
                doneAt: null,
                link: null,
              }
            : activationStep(activatedAt, true, order),
          partnerStep,
          pgt
            ? {
                key: 'sample-sent',
                title: 'Embryo biopsy sent by your clinic',
                state: received ? 'done' : 'waiting',
                // The clinic chosen on /clinics (ADR 021) by name, or a way to choose it.
                detail: received
                  ? clinicName === null
                    ? 'The lab has the biopsy'
                    : `The lab has the biopsy from ${clinicName}`
                  : `${clinicName ?? 'Your clinic'} sends the embryo biopsy to the lab`,
                doneAt: results.sampleReceivedAt,
                link:
                  clinicName === null && !received
                    ? { to: '/clinics', label: 'Choose your clinic' }
                    : null,
              }
            : sampleStep(results.sampleReceivedAt, received, activated, true),
          resultsStep(results, deliveredAt(resultReports)),
        ];
        return {
          id: account.id,
          kind: pgt ? 'pgt' : 'saliva',
          scope: 'couple',
          role,
          name:
            order?.productName ??
            (pgt ? PGT_TEST_NAME : preconceptionTestName({ testType: account.testType })),
          purchaseDate: account.purchaseDate,
          purchaseOrderId: order?.id ?? null,
          partner: {
            name: firstName(partnerId),
            email: partnerEmail,
            joined,
          },
          steps,
          results,
        };
      };

      const individualTest = (row: IndividualOrderRow): JourneyTest => {
        const order = orderOf(orders.filter((entry) => entry.individualOrderId === row.id));
        const orderEvents = events.filter((event) => event.orderId === order?.id);
        const ownReports = reports.filter((entry) => entry.individualOrderId === row.id);
        const received = reached(order, 'sample-received') || ownReports.length > 0;
        const results = resultsOf(order, orderEvents, ownReports, received);
        const activatedAt =
          row.activatedAt !== null
            ? seconds(row.activatedAt)
            : reached(order, 'kit-activated')
              ? eventAt(orderEvents, 'kit-activated')
              : null;
        const activated = row.activatedAt !== null || reached(order, 'kit-activated');
        return {
          id: row.id,
          kind: 'saliva',
          scope: 'individual',
          role: 'self',
          name:
            order?.productName ??
            preconceptionTestName({ testType: row.testType, individual: true }),
          purchaseDate: row.purchaseDate,
          purchaseOrderId: order?.id ?? null,
          partner: null,
          steps: [
            purchasedStep(order, row.purchaseDate, null),
            personalStep('survey', own.survey, null),
            personalStep('terms', own.terms, null),
            activationStep(activatedAt, false, order),
            {
              key: 'partner-joined',
              title: 'Partner joined',
              state: 'not-applicable',
              detail: 'An individual test needs no partner',
              doneAt: null,
              link: null,
            },
            sampleStep(results.sampleReceivedAt, received, activated, false),
            resultsStep(results, deliveredAt(ownReports)),
          ],
          results,
        };
      };

      // A partner's part of a couple test is followed on the couple's checklist.
      const ownTests = individual.filter((row) => row.coupleAccountId === null);
      const tests = [...accounts.map(coupleTest), ...ownTests.map(individualTest)].sort(
        (a, b) => b.purchaseDate - a.purchaseDate,
      );
      let next: JourneyAnswer['next'] = null;
      for (const test of tests) {
        const step = test.steps.find((entry) => entry.state === 'current');
        if (step !== undefined) {
          next = { testId: test.id, step };
          break;
        }
      }
      return { tests, next };
    },
  };
}

export type JourneyService = ReturnType<typeof createJourneyService>;
