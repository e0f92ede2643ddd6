import { Anchor, List, Stack, Text } from '@mantine/core';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { LegalSection } from './legal-section.tsx';

/** /terms: the terms of service in plain language, with the operator's brand. */
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
          The portal is where you order and follow your preconception and embryo genetic screening
          with {brand.companyName}. In it you can buy tests, answer health surveys, accept these
          terms and the HIPAA notice, activate your kit, link your partner, read the reports the lab
          delivers and keep your documents.
        </Text>
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

      <LegalSection title="Screening results are not a diagnosis">
        <Text>
          Genetic screening estimates risk. It does not diagnose or rule out a condition, and no
          screening test finds every genetic variant. Talk about your results with your doctor or a
          genetic counselor before you make decisions about your health, your treatment or your
          embryos.
        </Text>
      </LegalSection>

      <LegalSection title="Partners">
        <Text>
          If you link a partner, joint reports combine both partners&apos; results and both of you
          can read them. Invite only someone who has agreed to take part.
        </Text>
      </LegalSection>

      <LegalSection title="Lab staff">
        <Text>
          Authorised {brand.companyName} staff can see the portal as you see it, to run your tests
          and to help you when you ask. Every such view is recorded.
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
          We may improve the portal and update these terms. When a change affects what you have
          agreed to, the portal asks you to review and accept the terms again.
        </Text>
      </LegalSection>

      <LegalSection title="Questions">
        <Text>Write to {support} with any question about these terms.</Text>
      </LegalSection>
    </Stack>
  );
}
