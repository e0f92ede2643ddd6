import { List, Stack, Text } from '@mantine/core';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { usePartner } from './use-partner.ts';

/** /registered-partner: who the person is linked with, and what happens next. */
export function RegisteredPartnerPage() {
  const partner = usePartner();
  const joined = (partner.data?.accounts ?? []).flatMap((account) =>
    account.partner.state === 'joined' ? [account.partner] : [],
  );
  return (
    <>
      <PageHeading title="Registered partner" lead="The partner linked to your account." />
      <Stack gap="md">
        {partner.isPending && <Text>Loading…</Text>}
        {joined.length === 0 && !partner.isPending && (
          <Text>
            You are not linked with a partner yet.{' '}
            <AnchorLink to="/partner">Your partner page</AnchorLink> shows invitations.
          </Text>
        )}
        {joined.map((entry) => (
          <Text key={entry.email}>
            You are linked with{' '}
            <strong>
              {[entry.firstName, entry.lastName].filter(Boolean).join(' ') || entry.email}
            </strong>{' '}
            ({entry.email}). You share one joint report.
          </Text>
        ))}
        <Text fw={600}>What happens next</Text>
        <List>
          <List.Item>
            <AnchorLink to="/health-survey">Answer your health survey</AnchorLink>.
          </List.Item>
          <List.Item>
            <AnchorLink to="/review-terms">Accept the terms and the HIPAA notice</AnchorLink>.
          </List.Item>
          <List.Item>
            <AnchorLink to="/activate">Activate your kit</AnchorLink> when it arrives.
          </List.Item>
        </List>
        <Text>
          Choose whether your partner may see your individual results on{' '}
          <AnchorLink to="/partner">your partner page</AnchorLink>.
        </Text>
      </Stack>
    </>
  );
}
