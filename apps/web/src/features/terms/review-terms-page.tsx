import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { TermsDocumentStatus } from '@nestling/shared/contract/terms';
import { termsText } from '@nestling/shared/contract/terms-texts';
import { usDateFromDate, usDateFromIsoDate } from '@nestling/shared/report-wording';
import { useNavigate } from '@tanstack/react-router';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import { TermsDocumentText } from './terms-document.tsx';
import { useAcceptTerms, useTerms } from './use-terms.ts';
import classes from './terms.module.css';

/** Where 'Continue' goes once both are accepted: `next`, else the journey's next step. */
const JOURNEY_NEXT = '/step-1';

function DocumentCard({ entry, readOnly }: { entry: TermsDocumentStatus; readOnly: boolean }) {
  const { brand } = useRuntimeConfig();
  const accept = useAcceptTerms();
  const effective = usDateFromIsoDate(entry.effectiveOn);
  const text = termsText(entry.document, entry.version, brand, effective);
  const headingId = `terms-${entry.document}-heading`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3" id={headingId}>
              {entry.title}
            </Title>
            <Text size="sm" c="dimmed">
              Version {entry.version}, effective {effective}
            </Text>
          </Stack>
          {entry.accepted && (
            <Badge color="teal.9" variant="filled">
              Accepted
            </Badge>
          )}
        </Group>
        {text === null ? (
          <Text>This version&apos;s text is not available here. Please contact support.</Text>
        ) : (
          <TermsDocumentText text={text} label={`${entry.title}, version ${entry.version}`} />
        )}
        {entry.accepted ? (
          <Text>
            You accepted version {entry.version}
            {entry.acceptedAt === null ? '' : ` on ${usDateFromDate(new Date(entry.acceptedAt))}`}.
            A copy is in your documents.
          </Text>
        ) : readOnly ? (
          <Text>Not accepted yet. Only the patient can accept it.</Text>
        ) : (
          <Stack gap="xs" align="flex-start">
            {accept.error !== null && (
              <Alert color="red" role="alert" title="Not accepted">
                {accept.error.message}
              </Alert>
            )}
            <Button
              classNames={{ root: classes.acceptButton, label: classes.acceptLabel }}
              loading={accept.isPending}
              disabled={text === null}
              onClick={() => {
                accept.mutate({ document: entry.document, version: entry.version });
              }}
            >
              I accept the {entry.title}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /review-terms: the Terms of Service and the HIPAA Notice of Privacy Practices, each read in
 * its own region and accepted on its own. Staff viewing as the patient read only.
 */
export function ReviewTermsPage({ next }: { next?: string | undefined }) {
  const terms = useTerms();
  const readOnly = useViewAs() !== undefined;
  const navigate = useNavigate();
  const onwards = next ?? JOURNEY_NEXT;

  return (
    <Stack gap="lg" maw={760}>
      <PageHeading
        title="Review terms"
        lead="Please read and accept our Terms of Service and our HIPAA Notice of Privacy Practices. We need both before your kit can be activated."
      />
      {terms.isPending && <Loader role="status" aria-label="Loading the terms" />}
      {terms.error !== null && (
        <Alert color="red" role="alert" title="The terms could not be loaded">
          {terms.error.message}
        </Alert>
      )}
      {terms.data?.documents.map((entry) => (
        <DocumentCard key={entry.document} entry={entry} readOnly={readOnly} />
      ))}
      {/* The person stays to see both acceptances, and goes on when they choose. */}
      {terms.data !== undefined && terms.data.tosAccepted && terms.data.hipaaAccepted && (
        <Alert color="green" title="Both accepted" role="status">
          <Stack gap="xs" align="flex-start">
            <Text>A copy of each is in your documents.</Text>
            <Button onClick={() => void navigate({ href: onwards })}>Continue</Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
