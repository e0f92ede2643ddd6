import { Alert, Anchor, Button, List, Loader, Stack, Text, TextInput } from '@mantine/core';
import { PARTNER_NOT_JOINED, type KitStatus } from '@nestling/shared/contract/activation';
import { areTermsAccepted, isHealthSurveyDone } from '@nestling/shared/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type SyntheticEvent } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { useActivateOrder } from '../reports/index.ts';
import { useViewAs } from '../../lib/use-view-as.ts';
import { useCurrentUser } from '../session/index.ts';
import { kitsQueryKey, useActivateCouple, useKitLookup, useKits } from './use-kits.ts';

/** The links to whatever the signed-in person still has to do before activation. */
export function MissingStepLinks() {
  const { data: user } = useCurrentUser();
  if (user === undefined) return null;
  const survey = !isHealthSurveyDone(user.healthSurveyStatus);
  const terms = !areTermsAccepted(user);
  if (!survey && !terms) return null;
  return (
    <List spacing={4}>
      {survey && (
        <List.Item>
          <AnchorLink to="/health-survey">Complete your health survey</AnchorLink>
        </List.Item>
      )}
      {terms && (
        <List.Item>
          <AnchorLink to="/review-terms" search={{ next: '/activate' }}>
            Accept the Terms of Service and the HIPAA notice
          </AnchorLink>
        </List.Item>
      )}
    </List>
  );
}

function Refusal({ message }: { message: string }) {
  return (
    <Alert color="red" role="alert" title="Your kit is not activated yet">
      <Stack gap="xs">
        <Text>{message}</Text>
        {message === PARTNER_NOT_JOINED ? (
          <AnchorLink to="/partner">Invite your partner</AnchorLink>
        ) : (
          <MissingStepLinks />
        )}
      </Stack>
    </Alert>
  );
}

function roleLabel(kit: KitStatus | undefined, role: 'mother' | 'father'): string {
  const whose = kit === undefined ? '' : kit.own ? ' (your tube)' : " (your partner's tube)";
  return `ID on the ${role}'s tube${whose}`;
}

/** What an empty field says: the server is asked only once there is an id to check. */
const emptyKitId = (whose: string) => `Enter the ID printed on ${whose} tube`;

function CoupleForm({ kits, onDone }: { kits: KitStatus[]; onDone: () => void }) {
  const activate = useActivateCouple();
  const [mother, setMother] = useState('');
  const [father, setFather] = useState('');
  const [checked, setChecked] = useState(false);
  const accountId = kits[0]?.orderId ?? '';
  const partnerJoined = kits[0]?.partnerJoined ?? false;
  const motherMissing = checked && mother.trim() === '' ? emptyKitId("the mother's") : undefined;
  const fatherMissing = checked && father.trim() === '' ? emptyKitId("the father's") : undefined;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setChecked(true);
    if (mother.trim() === '' || father.trim() === '') return;
    // Not mutate's own onSuccess: the refreshed kit list unmounts this form before it would run.
    activate
      .mutateAsync({ accountId, motherKitId: mother, fatherKitId: father })
      .then(onDone)
      // The refusal is shown from activate.error.
      .catch(() => undefined);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={440}>
        <Text>
          Your test is for a couple: both tubes are activated together. Type the ID printed on each
          tube (it starts with NK-), each in its own field.
        </Text>
        {!partnerJoined && (
          <Alert color="yellow" role="note" title="Your partner has not joined yet">
            <Stack gap="xs">
              <Text>{PARTNER_NOT_JOINED}</Text>
              <AnchorLink to="/partner">Invite your partner</AnchorLink>
            </Stack>
          </Alert>
        )}
        <TextInput
          label={roleLabel(
            kits.find((kit) => kit.role === 'mother'),
            'mother',
          )}
          placeholder="NK-XXXXXXXXX"
          autoComplete="off"
          required
          error={motherMissing}
          value={mother}
          onChange={(event) => {
            setMother(event.currentTarget.value);
          }}
        />
        <TextInput
          label={roleLabel(
            kits.find((kit) => kit.role === 'father'),
            'father',
          )}
          placeholder="NK-XXXXXXXXX"
          autoComplete="off"
          required
          error={fatherMissing}
          value={father}
          onChange={(event) => {
            setFather(event.currentTarget.value);
          }}
        />
        {activate.error !== null && <Refusal message={activate.error.message} />}
        <Button type="submit" loading={activate.isPending} style={{ alignSelf: 'flex-start' }}>
          Activate both kits
        </Button>
      </Stack>
    </form>
  );
}

function IndividualForm({ onDone }: { onDone: () => void }) {
  const lookup = useKitLookup();
  const activate = useActivateOrder();
  const [kitId, setKitId] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setNotice(null);
    activate.reset();
    if (kitId.trim() === '') {
      setMissing(emptyKitId('your'));
      return;
    }
    setMissing(undefined);
    lookup.mutate(kitId, {
      onSuccess: (found) => {
        if (found.kind === 'individual') {
          activate
            .mutateAsync(found.orderId)
            .then(onDone)
            .catch(() => undefined);
        } else
          setNotice(
            "This kit is one of a couple's two tubes: both are activated together, with your partner on the account.",
          );
      },
    });
  };
  const error = lookup.error ?? activate.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={440}>
        <TextInput
          label="Kit ID"
          description="Printed on the label of your tube; it starts with NK-."
          placeholder="NK-XXXXXXXXX"
          autoComplete="off"
          required
          error={missing}
          value={kitId}
          onChange={(event) => {
            setKitId(event.currentTarget.value);
          }}
        />
        {error !== null && <Refusal message={error.message} />}
        {notice !== null && (
          <Alert color="blue" role="note" title="A couple's kit">
            {notice}
          </Alert>
        )}
        <Button
          type="submit"
          loading={lookup.isPending || activate.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Activate my kit
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /activate: the person types the ID printed on their tube (both tubes for a couple). Survey
 * and terms come first; the refusals say what is missing and link to it.
 */
export function ActivatePage() {
  const kits = useKits();
  const { brand } = useRuntimeConfig();
  const viewAs = useViewAs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onDone = () => {
    void queryClient.invalidateQueries({ queryKey: kitsQueryKey });
    void navigate({ to: '/activation' });
  };
  const pendingCouple = (kits.data?.kits ?? []).filter(
    (kit) => kit.kind === 'couple' && kit.activatedAt === null,
  );
  const firstAccount = pendingCouple[0]?.orderId;
  const coupleKits = pendingCouple.filter((kit) => kit.orderId === firstAccount);
  const allKits = kits.data?.kits ?? [];
  const allActivated = allKits.length > 0 && allKits.every((kit) => kit.activatedAt !== null);
  // A kit is activated once it arrives: while every kit still to activate waits to ship, there
  // is nothing to type yet (the server refuses it too).
  const toActivate = allKits.filter((kit) => kit.activatedAt === null);
  const shipping = toActivate.length > 0 && toActivate.every((kit) => kit.awaitingShipment);
  const trackable = toActivate.find((kit) => kit.purchaseOrderId !== null)?.purchaseOrderId;

  return (
    <Stack gap="lg">
      <PageHeading
        title="Activate your kit"
        lead="Activating links the kit you received to you, so the lab knows whose sample it is. Do it before you send your sample."
      />
      {viewAs !== undefined ? (
        <Text>Only the patient can activate their kit.</Text>
      ) : kits.isPending ? (
        <Loader role="status" aria-label="Loading your kits" />
      ) : (
        <>
          <MissingStepLinksIntro />
          {shipping ? (
            <Alert
              color="blue"
              role="note"
              title={
                toActivate.length > 1
                  ? 'Your kits are being prepared'
                  : 'Your kit is being prepared'
              }
            >
              <Stack gap="xs">
                <Text>
                  {toActivate.length > 1 ? 'Your kits have' : 'Your kit has'} not shipped yet.
                  Activate {toActivate.length > 1 ? 'them' : 'it'} here when{' '}
                  {toActivate.length > 1 ? 'they arrive' : 'it arrives'}: we will email you when{' '}
                  {toActivate.length > 1 ? 'they are' : 'it is'} on the way.
                </Text>
                {trackable !== undefined && trackable !== null && (
                  <AnchorLink to="/order" search={{ id: trackable }}>
                    Track your order
                  </AnchorLink>
                )}
              </Stack>
            </Alert>
          ) : coupleKits.length > 0 ? (
            <CoupleForm kits={coupleKits} onDone={onDone} />
          ) : allActivated ? (
            <Alert color="green" title="Your kits are activated">
              <Stack gap="xs">
                <Text>Every kit on your account is activated. Nothing more to do here.</Text>
                <AnchorLink to="/activation">See your kits and how to send your sample</AnchorLink>
              </Stack>
            </Alert>
          ) : (
            <IndividualForm onDone={onDone} />
          )}
        </>
      )}
      <Text size="sm">
        Already activated? <AnchorLink to="/activation">See your kits</AnchorLink>. Lost the label?
        Write to <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>.
      </Text>
    </Stack>
  );
}

/** Before the form: what to do first, when something is missing. */
function MissingStepLinksIntro() {
  const { data: user } = useCurrentUser();
  if (user === undefined) return null;
  if (isHealthSurveyDone(user.healthSurveyStatus) && areTermsAccepted(user)) return null;
  return (
    <Alert color="yellow" role="note" title="Before you activate">
      <Stack gap="xs">
        <Text>We need your health survey and your acceptance of the terms first.</Text>
        <MissingStepLinks />
      </Stack>
    </Alert>
  );
}
