import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  RETURN_DROP_OFF,
  type DeliveryKit,
  type ReturnShipment,
} from '@nestling/shared/contract/kits';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import factList from '../../ui/fact-list.module.css';
import classes from './delivery.module.css';
import { KitJourney } from './delivery-page.tsx';
import { KIT_TITLES, returnSentence } from './kit-status.ts';
import { ReturnSteps } from './return-steps.tsx';
import { useDeliveries, useReturnLabel } from './use-deliveries.ts';

function LabelButton({ kit }: { kit: DeliveryKit }) {
  const label = useReturnLabel();
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="filled"
        leftSection={<IconDownload size={18} aria-hidden />}
        loading={label.isPending}
        loaderProps={{ type: 'dots' }}
        aria-label={`Download the return label for kit ${kit.id}`}
        onClick={() => {
          label.mutate(kit.id);
        }}
      >
        Download return label
      </Button>
      <VisuallyHidden role="status">
        {label.isPending ? 'Preparing the label…' : label.isSuccess ? 'The label is saved.' : ''}
      </VisuallyHidden>
      {kit.returnLabelDocumentId !== null && (
        <Text size="sm">
          A copy is kept in <AnchorLink to="/my-data">your documents</AnchorLink>.
        </Text>
      )}
      {label.isError && (
        <Alert color="red" title="The label could not be downloaded" role="alert">
          {label.error.message}
        </Alert>
      )}
    </Stack>
  );
}

/** '$8.45' for a real label; a test label carries no postage, and says so. */
function postageText(shipment: ReturnShipment): string {
  if (shipment.test) return 'None: this is a test label, not valid for postage';
  const amount =
    shipment.currency === 'usd'
      ? `$${shipment.postage}`
      : `${shipment.postage} ${shipment.currency.toUpperCase()}`;
  return `Prepaid by the lab (${amount}): you pay nothing`;
}

/** The bought label's carrier, tracking and postage, and where to hand the box over. */
function ShipmentFacts({ shipment }: { shipment: ReturnShipment }) {
  return (
    <>
      <dt>Carrier</dt>
      <dd>
        <Group gap="xs">
          <span>
            {shipment.carrier} {shipment.service}
          </span>
          {shipment.test && (
            <Badge color="red.9" variant="filled">
              Test label
            </Badge>
          )}
        </Group>
      </dd>
      <dt>Tracking number</dt>
      <dd>
        <Anchor
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.kitId}
        >
          {shipment.trackingNumber}
          <VisuallyHidden> (opens the {shipment.carrier} tracking page)</VisuallyHidden>
        </Anchor>
      </dd>
      <dt>Postage</dt>
      <dd>{postageText(shipment)}</dd>
      <dt>Drop-off</dt>
      <dd>{RETURN_DROP_OFF[shipment.carrier]}</dd>
    </>
  );
}

function LabelCard({ kit }: { kit: DeliveryKit }) {
  const headingId = useId();
  const canPrint = kit.returnLabelAvailable || kit.returnLabelDocumentId !== null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {KIT_TITLES[kit.role]}, order {kit.orderNumber}
        </Title>
        <dl className={factList.facts}>
          <dt>Kit id</dt>
          <dd className={classes.kitId}>{kit.id}</dd>
          <dt>Delivery</dt>
          <dd>
            <KitJourney kit={kit} />
          </dd>
          <dt>Sample</dt>
          <dd>{returnSentence(kit)}</dd>
          {kit.returnShipment !== null && <ShipmentFacts shipment={kit.returnShipment} />}
        </dl>
        {kit.returnShipment?.test === true && (
          <Alert color="red" variant="light" title="Test label">
            This label was made by the portal’s test shipping provider: it is not valid for postage
            and no carrier will carry it.
          </Alert>
        )}
        {canPrint && kit.sampleReceivedAt === null && <LabelButton kit={kit} />}
      </Stack>
    </Card>
  );
}

/** /return-shipping: how to send the sample back, and each kit's prepaid return label. */
export function ReturnShippingPage() {
  const kits = useDeliveries();
  const stepsId = useId();
  const labelsId = useId();
  return (
    <>
      <PageHeading
        title="Return shipping"
        lead="How to send your sample back to the lab, with a prepaid label for each kit."
      />
      <Stack gap="xl">
        <Stack gap="md" component="section" aria-labelledby={stepsId}>
          <Title order={2} id={stepsId}>
            Sending the sample back
          </Title>
          <ReturnSteps headingId={stepsId} />
        </Stack>
        <Stack gap="md" component="section" aria-labelledby={labelsId}>
          <Title order={2} id={labelsId}>
            Your return labels
          </Title>
          <Text>
            Each label carries your kit id as a barcode, so the lab knows the sample is yours, and
            the carrier’s tracking number, so you can follow the parcel. The postage is prepaid by
            the lab. The label becomes available once the kit has been delivered.
          </Text>
          {kits.isPending || kits.isError ? (
            pendingOrFailed(kits, 'your kits')
          ) : kits.data.kits.length === 0 ? (
            <Text>
              You have no kits yet. <AnchorLink to="/order">See how to order a test</AnchorLink>.
            </Text>
          ) : (
            kits.data.kits.map((kit) => <LabelCard key={kit.id} kit={kit} />)
          )}
        </Stack>
      </Stack>
    </>
  );
}
