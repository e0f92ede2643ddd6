import '@mantine/core/styles/Card.css';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { JourneyAnswer, JourneyStepKey, JourneyTest } from '@nestling/shared/contract/journey';
import { formatUsDate } from '@nestling/shared/products';
import { useId, type ReactNode } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import { JourneyChecklist } from './journey-checklist.tsx';
import { useJourney } from './use-journey.ts';

const ROLE_WORDS = { mother: 'the mother', father: 'the father', self: 'yourself' } as const;

/** 'Bought on 3/2/2026; you are the mother' */
function testLead(test: JourneyTest): string {
  const bought =
    test.purchaseOrderId === null
      ? `Arranged on ${formatUsDate(test.purchaseDate)}`
      : `Bought on ${formatUsDate(test.purchaseDate)}`;
  if (test.scope === 'individual') return `${bought}; an individual test`;
  const partner = test.partner?.name ?? test.partner?.email;
  return `${bought}; you are ${ROLE_WORDS[test.role]}${partner == null ? '' : `, with ${partner}`}`;
}

/** One test: its name, when it was bought, and the steps asked for (all by default). */
export function JourneyTestCard({
  test,
  only,
  children,
}: {
  test: JourneyTest;
  only?: readonly JourneyStepKey[];
  children?: ReactNode;
}) {
  const labelId = useId();
  const steps = only === undefined ? test.steps : test.steps.filter((s) => only.includes(s.key));
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={labelId}>
            {test.name}
          </Title>
          <Text size="sm">{testLead(test)}</Text>
        </Stack>
        {children}
        {steps.length > 0 && <JourneyChecklist steps={steps} labelId={labelId} />}
      </Stack>
    </Card>
  );
}

/** The page while the journey loads or when it failed; the answer once it is there. */
function WithJourney({ children }: { children: (answer: JourneyAnswer) => ReactNode }) {
  const journey = useJourney();
  if (journey.isPending || journey.isError) return pendingOrFailed(journey, 'your tests');
  return <>{children(journey.data)}</>;
}

function NoTestYet() {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>You have no test yet. Buy a test for you and your partner, or for yourself.</Text>
      <Group>
        <ButtonLink to="/purchase">Buy a couple test</ButtonLink>
        <ButtonLink to="/individual-purchase" variant="default">
          Buy an individual test
        </ButtonLink>
      </Group>
    </Stack>
  );
}

/** /saliva: the journey of each preconception (saliva) test, couple or individual. */
export function SalivaJourneyPage() {
  return (
    <Stack gap="lg">
      <PageHeading
        title="Preconception screening"
        lead="Screening from a saliva sample for you and your partner, before pregnancy. Each step, and what is left to do."
      />
      <WithJourney>
        {(answer) => {
          const tests = answer.tests.filter((test) => test.kind === 'saliva');
          if (tests.length === 0) return <NoTestYet />;
          return tests.map((test) => <JourneyTestCard key={test.id} test={test} />);
        }}
      </WithJourney>
    </Stack>
  );
}

/** /pgt: the journey of embryo testing through a clinic, or what PGT is and how to start. */
export function PgtJourneyPage() {
  const { brand } = useRuntimeConfig();
  return (
    <Stack gap="lg">
      <PageHeading
        title="Embryo screening (PGT)"
        lead="Preimplantation genetic testing of embryos created through IVF."
      />
      <WithJourney>
        {(answer) => {
          const tests = answer.tests.filter((test) => test.kind === 'pgt');
          if (tests.length > 0) {
            return tests.map((test) => <JourneyTestCard key={test.id} test={test} />);
          }
          return (
            <Stack gap="sm">
              <Title order={2} size="h3">
                What PGT is
              </Title>
              <Text>
                During IVF, your clinic takes a few cells from each embryo (a biopsy) and sends them
                to the lab. The lab screens each embryo and sends you and your clinic a report to
                help you choose which embryo to transfer.
              </Text>
              <Title order={2} size="h3">
                How to start
              </Title>
              <Text>
                Embryo screening is arranged through your IVF clinic, not bought here. Ask your
                clinic, or write to the lab at{' '}
                <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>. Once
                your clinic has set it up, each step appears on this page: your health survey, the
                terms, your partner, the biopsy sent by your clinic and your results.
              </Text>
            </Stack>
          );
        }}
      </WithJourney>
    </Stack>
  );
}

const STEP_PAGES = {
  1: {
    title: 'Step 1: your health survey and the terms',
    lead: 'Tell the lab about your health, and accept the terms of service and the HIPAA notice.',
    only: ['survey', 'terms'],
  },
  2: {
    title: 'Step 2: activate your kit and bring your partner in',
    lead: 'Activate your kit when it arrives, and make sure your partner has joined.',
    only: ['kit-activated', 'partner-joined'],
  },
} as const;

/** /step-1 and /step-2: the first two steps of every test, as pages of their own. */
export function JourneyStepPage({ step }: { step: 1 | 2 }) {
  const page = STEP_PAGES[step];
  return (
    <Stack gap="lg">
      <PageHeading title={page.title} lead={page.lead} />
      <WithJourney>
        {(answer) => {
          if (answer.tests.length === 0) return <NoTestYet />;
          return (
            <>
              {answer.tests.map((test) => (
                <JourneyTestCard key={test.id} test={test} only={page.only} />
              ))}
              <Group>
                {step === 1 ? (
                  <ButtonLink to="/step-2" variant="default">
                    Go to step 2
                  </ButtonLink>
                ) : (
                  <>
                    <ButtonLink to="/step-1" variant="default">
                      Back to step 1
                    </ButtonLink>
                    <ButtonLink to="/results" variant="default">
                      Where your results stand
                    </ButtonLink>
                  </>
                )}
              </Group>
            </>
          );
        }}
      </WithJourney>
    </Stack>
  );
}

/** Where one test's results stand, in words, with US dates. */
export function resultsText(test: JourneyTest): string {
  const { results } = test;
  const expected =
    results.expectedBy === null ? '' : ` Expected by ${formatUsDate(results.expectedBy)}.`;
  const received =
    results.sampleReceivedAt === null ? '' : ` on ${formatUsDate(results.sampleReceivedAt)}`;
  switch (results.status) {
    case 'ready':
      return 'Your results are ready.';
    case 'in-lab':
      return `The lab received the sample${received} and is analyzing it.${expected}`;
    case 'sample-received':
      return `The lab received the sample${received}.${expected}`;
    case 'not-sent': {
      const turnaround =
        results.turnaroundDays === null
          ? 'Results come once the lab has analyzed it.'
          : `Results come about ${String(results.turnaroundDays)} days after the lab receives it.`;
      const estimate =
        results.expectedBy === null
          ? ''
          : ` If it is sent soon, expect them around ${formatUsDate(results.expectedBy)}.`;
      return `The sample has not reached the lab yet. ${turnaround}${estimate}`;
    }
  }
}

function ReportButton({ test }: { test: JourneyTest }) {
  const report = test.results.report;
  if (report === null) return null;
  if (report.kind === 'joint') {
    return (
      <ButtonLink to="/reports/joint" search={{ report: report.id }}>
        Open the joint report
      </ButtonLink>
    );
  }
  if (report.kind === 'embryo') {
    return (
      <ButtonLink to="/reports/embryo" search={{ report: report.id }}>
        Open the embryo report
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to="/reports/individual" search={{ order: test.id }}>
      Open the individual report
    </ButtonLink>
  );
}

/** /results: for each test, where the results stand and when they are expected. */
export function ResultsPage() {
  return (
    <Stack gap="lg">
      <PageHeading title="Results" lead="Where the results of each of your tests stand." />
      <WithJourney>
        {(answer) => {
          if (answer.tests.length === 0) return <NoTestYet />;
          return answer.tests.map((test) => (
            <Card key={test.id} withBorder padding="lg">
              <Stack gap="sm" align="flex-start">
                <Title order={2} size="h3">
                  {test.name}
                </Title>
                <Text size="sm">{testLead(test)}</Text>
                <Text>{resultsText(test)}</Text>
                <ReportButton test={test} />
              </Stack>
            </Card>
          ));
        }}
      </WithJourney>
    </Stack>
  );
}

/** /mother and /father: that person's own next steps on the couple tests where they have it. */
export function RoleJourneyPage({ role }: { role: 'mother' | 'father' }) {
  const other = role === 'mother' ? 'father' : 'mother';
  return (
    <Stack gap="lg">
      <PageHeading
        title={role === 'mother' ? 'Mother' : 'Father'}
        lead={`What is left for ${ROLE_WORDS[role]} to do on each couple test.`}
      />
      <WithJourney>
        {(answer) => {
          const couple = answer.tests.filter((test) => test.scope === 'couple');
          const mine = couple.filter((test) => test.role === role);
          if (mine.length === 0) {
            const elsewhere = couple.some((test) => test.role === other);
            return (
              <Stack gap="sm" align="flex-start">
                <Text>You are not {ROLE_WORDS[role]} on any couple test.</Text>
                {elsewhere ? (
                  <ButtonLink to={other === 'mother' ? '/mother' : '/father'}>
                    See your steps as {ROLE_WORDS[other]}
                  </ButtonLink>
                ) : (
                  <ButtonLink to="/saliva">See your tests</ButtonLink>
                )}
              </Stack>
            );
          }
          return mine.map((test) => {
            const left = test.steps
              .filter((step) => step.state !== 'done' && step.state !== 'not-applicable')
              .map((step) => step.key);
            return (
              <JourneyTestCard key={test.id} test={test} only={left}>
                {left.length === 0 && <Text>Nothing is left to do on this test.</Text>}
              </JourneyTestCard>
            );
          });
        }}
      </WithJourney>
    </Stack>
  );
}
