import { Anchor, List, Stack, Text } from '@mantine/core';
import { AUTH_COOKIE_DAYS } from '@nestling/shared/constants';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { LegalSection } from './legal-section.tsx';

/**
 * /privacy: what the portal collects, why, who sees it, and what you can ask for. It describes
 * only what the portal does today, and grows with each feature it gains.
 */
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
            <strong>Genetic reports:</strong> the results the lab delivers to your account, every
            version of them, and the test orders behind them.
          </List.Item>
          <List.Item>
            <strong>Purchases:</strong> the tests you buy, what you paid, the discount code you
            used, the shipping address of each kit, your partner&apos;s name and email when you buy
            a couple&apos;s test, and the progress of each kit. Of your card we keep only its last
            four digits; the card number itself goes to the payment provider and never to us.
          </List.Item>
          <List.Item>
            <strong>Documents:</strong> files the lab adds to your account, and your receipts.
          </List.Item>
          <List.Item>
            <strong>Your signed-in devices:</strong> the kind of browser and device of each session
            and when it was last used, so that you can see them and sign them out.
          </List.Item>
          <List.Item>
            <strong>Staff access records:</strong> each time lab staff look at your portal or act in
            your account, who it was and when.
          </List.Item>
          <List.Item>
            <strong>Security records:</strong> a log of the requests the portal answers, without
            your health data, passwords or sign-in tokens, to keep the service secure.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="Why we use it">
        <Text>
          To send you the kits you buy and tell you where they are, take your payment, show you your
          results and documents, let both partners of a couple read the reports they share, help you
          when you contact us, keep the records laboratories are required to keep, and keep the
          service secure. The portal shows no advertising and shares nothing with advertisers.
        </Text>
      </LegalSection>

      <LegalSection title="Who can see it">
        <List spacing="xs">
          <List.Item>You.</List.Item>
          <List.Item>
            If you were screened as a couple, your partner, for the joint and embryo reports you
            share.
          </List.Item>
          <List.Item>
            {brand.companyName} lab staff who need it to check your reports, ship your kits or help
            you, and no one else at {brand.companyName}. Every look is recorded.
          </List.Item>
          <List.Item>
            The payment provider, for your payment only, and the carrier, for the name and address
            on each kit&apos;s parcel. Neither receives any health data.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="How we protect it">
        <Text>
          Passwords are stored only in hashed form, never in readable text. Your data is kept out of
          the portal&apos;s logs, pages cannot be framed by other sites, staff access is limited to
          the people who need it, and every time staff see your portal is recorded.
        </Text>
      </LegalSection>

      <LegalSection title="How long we keep it, and your choices">
        <Text>
          We keep your records while your account is open and for as long as laboratory and medical
          record-keeping rules require. You can download an archive of everything the portal holds
          about you from your reports page at any time. To ask for your data to be deleted, write to{' '}
          {support}. We will tell you what we can delete and what the law requires us to keep.
        </Text>
      </LegalSection>

      <LegalSection title="Cookies">
        <Text>
          The portal uses cookies only to run: to keep you signed in (for at most {AUTH_COOKIE_DAYS}{' '}
          day) and to remember which account and order you chose. While you fill in a purchase, what
          you typed (never your card) is kept in your browser tab until the order is paid, so that
          nothing is lost if a payment fails. It uses no advertising or tracking cookies.
        </Text>
      </LegalSection>

      <LegalSection title="Questions">
        <Text>Write to {support} with any question about your data or this policy.</Text>
      </LegalSection>
    </Stack>
  );
}
