import { Anchor, List, Stack, Text } from '@mantine/core';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { LegalSection } from './legal-section.tsx';

/*
 * /terms: the terms of service in plain language, with the operator's brand. They describe only
 * what the portal does today, and grow with each feature it gains.
 */
export function TermsOfService() {
  const { brand } = useRuntimeConfig();
  const portal = `${brand.productName} Portal`;
  const support = <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>;

  return (
    <Stack gap="xl" maw={720}>
      <PageHeading
        title="Terms of Service"
        lead={
          <>
            These terms cover your use of the {portal}, run by {brand.companyName}. Please read them
            together with our <AnchorLink to="/privacy">Privacy Policy</AnchorLink>.
          </>
        }
      />

      <LegalSection title="What the portal is for">
        <Text>
          The portal is where you buy your preconception genetic screening with {brand.companyName}{' '}
          and read its results. In it you can:
        </Text>
        <List spacing="xs">
          <List.Item>create an account, confirm your email and sign in;</List.Item>
          <List.Item>
            buy a test for yourself or for you and your partner, and follow each kit from the order
            to the report;
          </List.Item>
          <List.Item>
            read the joint, individual and embryo reports the lab delivers to you, including every
            earlier version of a report, and download them as PDFs;
          </List.Item>
          <List.Item>see the documents the lab adds to your account;</List.Item>
          <List.Item>
            download an archive of everything the portal holds about you: your profile, every
            version of your reports and your documents;
          </List.Item>
          <List.Item>
            keep your details up to date, change your password or email, and see and sign out the
            devices you are signed in on.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="Your account">
        <List spacing="xs">
          <List.Item>Give accurate details about yourself: the lab relies on them.</List.Item>
          <List.Item>
            Keep your sign-in details to yourself. You are responsible for what is done with your
            account.
          </List.Item>
          <List.Item>
            If you think someone else has used your account, tell us at {support}.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="Buying a test">
        <List spacing="xs">
          <List.Item>
            The price is the one shown in the order summary when you pay. It includes the kits and
            their shipping both ways.
          </List.Item>
          <List.Item>
            When you buy a couple&apos;s test, you confirm that your partner agrees to be tested and
            to receive a kit at the address you give.
          </List.Item>
          <List.Item>
            You can ask for a full refund at {support} until your kit ships. After that, write to us
            and we will tell you what we can do.
          </List.Item>
          <List.Item>
            Your receipt is mailed to you and kept with your documents in the portal.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="Your reports">
        <Text>
          The lab&apos;s systems deliver your reports to the portal directly. A report is never
          changed silently: a correction arrives as a new version that says what changed, and the
          earlier versions stay readable. If you were screened as a couple, your joint and embryo
          reports are shared by both of you.
        </Text>
      </LegalSection>

      <LegalSection title="Screening results are not a diagnosis">
        <Text>
          Genetic screening estimates risk. It does not diagnose or rule out a condition, and no
          screening test finds every genetic variant. Talk about your results with your doctor or a
          genetic counselor before you make decisions about your health, your treatment or your
          embryos.
        </Text>
      </LegalSection>

      <LegalSection title="Lab staff">
        <Text>
          Authorized {brand.companyName} staff can see the portal as you see it, to help you when
          you ask and to check what the lab delivered. A few of them may also act in your account
          for up to an hour to solve a problem; meanwhile they cannot change your password, your
          email or your signed-in devices. Every such look and every such hour is recorded, with who
          did it and when.
        </Text>
      </LegalSection>

      <LegalSection title="Fair use">
        <Text>
          Do not try to reach other people&apos;s data, interfere with the portal, or use it for
          anything unlawful.
        </Text>
      </LegalSection>

      <LegalSection title="Changes">
        <Text>
          These terms grow with the portal: when it offers something new, they will say so. If a
          change affects what you have agreed to, we will tell you before it applies.
        </Text>
      </LegalSection>

      <LegalSection title="Questions">
        <Text>Write to {support} with any question about these terms.</Text>
      </LegalSection>
    </Stack>
  );
}
