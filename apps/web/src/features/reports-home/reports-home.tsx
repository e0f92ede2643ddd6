import '@mantine/core/styles/Tabs.css';
import { Alert, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { ORDERS_NOT_ATTACHED, type IndividualOrder } from '@nestling/shared/contract/orders';
import type { UserAnswer } from '@nestling/shared/contract/portal-user';
import type { ReportSummary } from '@nestling/shared/contract/report-view';
import { formatUsDate, preconceptionTestName } from '@nestling/shared/products';
import { usDateFromIsoDate } from '@nestling/shared/report-wording';
import { lazy, Suspense, type ReactNode } from 'react';
import { ButtonLink } from '../../ui/button-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import tabListClasses from '../../ui/tab-list.module.css';
import { MissingStepLinks } from '../activation/index.ts';
import { EmbryoReportCard } from '../embryo-reports/index.ts';
import { JourneyTimeline } from '../journey/index.ts';
import { TestPlacesNav } from '../layout/index.ts';
import {
  DownloadArchiveButton,
  partnerName,
  useActivateOrder,
  useCoupleReports,
  useIndividualOrders,
} from '../reports/index.ts';
import { pendingOrFailed, ReportLoading } from '../../ui/page-status.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

// The documents tab's table (and the scroll area Mantine's table brings, 17 kB) loads when the
// tab is opened, not with the reports home.
const DocumentsList = lazy(() =>
  import('../documents/index.ts').then((module) => ({ default: module.DocumentsList })),
);

/** The tabs of the reports home, as `?tab=` names them. */
export const REPORT_TABS = ['joint', 'individual', 'embryos', 'documents'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export function asReportTab(tab: string | undefined): ReportTab | undefined {
  return REPORT_TABS.find((name) => name === tab);
}

/** One delivered report: its test, version and sign-off, and the way in. */
function ReportCard({
  summary,
  title,
  detail,
  action,
}: {
  summary: ReportSummary;
  title: string;
  detail: string;
  action: ReactNode;
}) {
  return (
    <Card withBorder padding="md">
      <Stack gap={6}>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text>{detail}</Text>
        <Text size="sm" c="dimmed">
          Version {summary.version}, signed off on {usDateFromIsoDate(summary.signedOffOn)}
        </Text>
        <Group>{action}</Group>
      </Stack>
    </Card>
  );
}

function CoupleTab({ kind }: { kind: 'joint' | 'embryo' }) {
  const couple = useCoupleReports();
  if (couple.isPending || couple.isError) return pendingOrFailed(couple);
  const answer = couple.data;
  const accounts = answer?.accounts ?? [];
  if (kind === 'joint') {
    const reports = answer?.preconceptionReports ?? [];
    const account = answer?.account ?? null;
    if (reports.length === 0) {
      if (account !== null && (account.motherOrder === null || account.fatherOrder === null)) {
        return (
          <Alert color="yellow" title={ORDERS_NOT_ATTACHED}>
            Both partners&apos; kits must be attached to your couple account before the lab can
            prepare a joint report.
          </Alert>
        );
      }
      return (
        <Stack gap="md">
          <Text>
            No joint report yet. When you and your partner have both sent your samples, the lab
            prepares a joint report; it appears here and we email you.
          </Text>
        </Stack>
      );
    }
    return (
      <Stack gap="md">
        {reports.map((summary) => (
          <ReportCard
            key={summary.id}
            summary={summary}
            title="Joint report"
            detail={`${preconceptionTestName({ testType: summary.testType })}, with ${(account === null ? null : partnerName(account)) ?? 'your partner'}${account === null ? '' : `, bought on ${formatUsDate(account.purchaseDate)}`}`}
            action={
              <ButtonLink
                to="/reports/joint"
                search={{ report: summary.id }}
                aria-label="Open the joint report"
              >
                Open the report
              </ButtonLink>
            }
          />
        ))}
      </Stack>
    );
  }
  const embryoReports = accounts.flatMap((account) =>
    (account.embryoReports ?? []).map((summary) => ({ account, summary })),
  );
  if (embryoReports.length === 0) {
    return (
      <Stack gap="md">
        <Text>
          No embryo report yet. If you are going through IVF with embryo screening, the lab&apos;s
          report on your embryos appears here once it is signed off.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {embryoReports.map(({ account, summary }) => (
        <EmbryoReportCard key={summary.id} account={account} summary={summary} />
      ))}
    </Stack>
  );
}

function OrderCard({ order, viewing }: { order: IndividualOrder; viewing: boolean }) {
  const activate = useActivateOrder();
  const name = preconceptionTestName({ testType: order.testType, individual: true });
  return (
    <Card withBorder padding="md">
      <Stack gap={6}>
        <Title order={2} size="h4">
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          Bought on {formatUsDate(order.purchaseDate)}
          {order.activatedAt === null
            ? ''
            : `, kit activated on ${formatUsDate(order.activatedAt)}`}
        </Text>
        {order.report != null ? (
          <>
            <Text size="sm">
              Version {order.report.version}, signed off on{' '}
              {usDateFromIsoDate(order.report.signedOffOn)}
            </Text>
            <Group>
              <ButtonLink
                to="/reports/individual"
                search={{ order: order.id }}
                aria-label="Open the individual report"
              >
                Open the report
              </ButtonLink>
            </Group>
          </>
        ) : order.activatedAt === null ? (
          <Stack gap="xs" align="flex-start">
            <Text>Activate your kit when it arrives, then send your sample back.</Text>
            {!viewing && (
              <Button
                variant="default"
                loading={activate.isPending}
                onClick={() => {
                  activate.mutate(order.id);
                }}
              >
                Activate this kit
              </Button>
            )}
            {activate.isError && (
              <>
                <Text c="red.9" role="alert">
                  {activate.error.message}
                </Text>
                {/* The survey and the terms come first (409): links to what is missing. */}
                <MissingStepLinks />
              </>
            )}
          </Stack>
        ) : order.report === undefined ? (
          // Only the preferred order comes with its report: the others say theirs on their page.
          <Group>
            <ButtonLink
              variant="default"
              to="/reports/individual"
              search={{ order: order.id }}
              aria-label={`See the test bought on ${formatUsDate(order.purchaseDate)}`}
            >
              See this test
            </ButtonLink>
          </Group>
        ) : (
          <Text>The lab is working on your sample. We email you when the report is ready.</Text>
        )}
      </Stack>
    </Card>
  );
}

function IndividualTab() {
  const viewing = useViewAs() !== undefined;
  const orders = useIndividualOrders();
  if (orders.isPending || orders.isError) return pendingOrFailed(orders);
  const list = orders.data.individualOrders ?? [];
  const chosen = orders.data.order ?? null;
  if (list.length === 0) {
    return (
      <Stack gap="md">
        <Text>No individual test yet. An individual test looks at your genome alone.</Text>
      </Stack>
    );
  }
  // Only the preferred order carries its report; the others link to their own page.
  return (
    <Stack gap="md">
      {list.map((order) => (
        <OrderCard
          key={order.id}
          order={order.id === chosen?.id ? chosen : order}
          viewing={viewing}
        />
      ))}
    </Stack>
  );
}

/** Without ?tab=, the first kind of report the person has; joint when they have none yet. */
function firstTabWithReport(
  couple: UserAnswer | null | undefined,
  hasIndividualReport: boolean,
): ReportTab {
  if ((couple?.preconceptionReports?.length ?? 0) > 0) return 'joint';
  if ((couple?.accounts ?? []).some((account) => (account.embryoReports?.length ?? 0) > 0)) {
    return 'embryos';
  }
  return hasIndividualReport ? 'individual' : 'joint';
}

/** /reports: every report of the person, by kind, and their documents (spec section 2). */
export function ReportsHome({
  tab,
  onTabChange,
}: {
  tab: ReportTab | undefined;
  onTabChange: (tab: ReportTab) => void;
}) {
  const couple = useCoupleReports();
  const orders = useIndividualOrders();
  const active = tab ?? firstTabWithReport(couple.data, orders.data?.order?.report != null);
  return (
    <Stack gap="lg">
      <PageHeading
        title="Reports"
        lead="Your preconception, individual and embryo reports, and your documents."
      />
      <JourneyTimeline />
      <DownloadArchiveButton />
      <Tabs
        value={active}
        onChange={(value) => {
          const chosen = asReportTab(value ?? undefined);
          if (chosen !== undefined) onTabChange(chosen);
        }}
        keepMounted={false}
      >
        <Tabs.List className={tabListClasses.tabList}>
          <Tabs.Tab value="joint">Joint</Tabs.Tab>
          <Tabs.Tab value="individual">Individual</Tabs.Tab>
          <Tabs.Tab value="embryos">Embryos</Tabs.Tab>
          <Tabs.Tab value="documents">Documents</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="joint" pt="md">
          <CoupleTab kind="joint" />
        </Tabs.Panel>
        <Tabs.Panel value="individual" pt="md">
          <IndividualTab />
        </Tabs.Panel>
        <Tabs.Panel value="embryos" pt="md">
          <CoupleTab kind="embryo" />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <Suspense fallback={<ReportLoading what="your documents" />}>
            <DocumentsList />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      <TestPlacesNav />
    </Stack>
  );
}
