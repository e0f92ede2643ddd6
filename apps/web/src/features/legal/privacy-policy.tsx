import { Anchor, List, Stack, Text } from '@mantine/core';
import { AUTH_COOKIE_DAYS } from '@nestling/shared/constants';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { LegalSection } from './legal-section.tsx';

/** /privacy: what the portal collects, why, who sees it, and what you can ask for. */
export function PrivacyPolicy() {
  const { brand } = useRuntimeConfig();
  const portal = `${brand.productName} Portal`;
  const support = <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>;

  return (
    <Stack gap="xl" maw={720}>
      <PageHeading
        title="Privacy Policy"
        lead={`This policy explains what the ${portal} collects, why, who can see it and what you can ask us to do with it. ${brand.companyName} runs the portal.`}
      />

      <LegalSection title="What we collect">
        <List spacing="xs">
          <List.Item>
            <strong>Account and profile:</strong> your name, email, phone number, sex and date of
            birth, and your sign-in details. Your password is never stored in readable form.
          </List.Item>
          <List.Item>
            <strong>Health-survey answers:</strong> what you tell us about your health and family
            history.
          </List.Item>
          <List.Item>
            <strong>Genetic reports:</strong> the results the lab delivers to your account, and the
            test orders behind them.
          </List.Item>
          <List.Item>
            <strong>Documents:</strong> files added to your account, such as report PDFs.
          </List.Item>
          <List.Item>
            <strong>Security records:</strong> a log of the requests the portal answers, without
            your health data, passwords or sign-in tokens, to keep the service secure.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="Why we use it">
        <Text>
          To run the tests you order, deliver your results, let you (and a partner you link) read
          them, help you when you contact us, keep the records laboratories are required to keep,
          and keep the service secure. The portal shows no advertising and shares nothing with
          advertisers.
        </Text>
      </LegalSection>

      <LegalSection title="Who can see it">
        <List spacing="xs">
          <List.Item>You.</List.Item>
          <List.Item>
            A partner you link to your account, for the joint reports that combine your results.
          </List.Item>
          <List.Item>
            {brand.companyName} lab staff who need it to run your tests or to help you, and no one
            else at {brand.companyName}.
          </List.Item>
          <List.Item>
            Card payments are handled by the payment provider; the portal does not store card
            numbers.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="How we protect it">
        <Text>
          Passwords are stored only in hashed form, never in readable text. Your data is kept out of
          the portal&apos;s logs, pages cannot be framed by other sites, and staff access is limited
          to the people who need it.
        </Text>
      </LegalSection>

      <LegalSection title="How long we keep it, and your choices">
        <Text>
          We keep your records while your account is open and for as long as laboratory and medical
          record-keeping rules require. To get a copy of your data, or to ask for it to be deleted,
          write to {support}. We will tell you what we can delete and what the law requires us to
          keep.
        </Text>
      </LegalSection>

      <LegalSection title="Cookies">
        <Text>
          The portal uses a cookie to keep you signed in (for at most {AUTH_COOKIE_DAYS} day) and
          cookies that remember which account and order you chose. It uses no advertising or
          tracking cookies.
        </Text>
      </LegalSection>

      <LegalSection title="Your rights under HIPAA">
        <Text>
          Your genetic and health information is protected health information. The HIPAA Notice of
          Privacy Practices, which you review and accept in the portal, describes your rights,
          including how to get a copy of your records, how to ask for a correction and how to make a
          complaint.
        </Text>
      </LegalSection>

      <LegalSection title="Questions">
        <Text>Write to {support} with any question about your data or this policy.</Text>
      </LegalSection>
    </Stack>
  );
}
