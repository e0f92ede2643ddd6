import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { DeliveryKit } from '@nestling/shared/contract/kits';
import { ORDER_STAGE_LABELS } from '@nestling/shared/contract/order-tracker';
import { useId, useState } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { BuyATest } from '../purchase/index.ts';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import { AddressForm } from './address-form.tsx';
import factList from '../../ui/fact-list.module.css';
import classes from './delivery.module.css';
import { addressLines } from '@nestling/shared/contract/purchase';
import { KIT_TITLES, deliverySentence } from './kit-status.ts';
import { useDeliveries } from './use-deliveries.ts';

/** The address as printed on the parcel. */
export function AddressBlock({ kit }: { kit: DeliveryKit }) {
  return (
    <address className={classes.address}>
      {addressLines(kit.shippingAddress).map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}

/** The kit's way out: the tracker's stage, in words, with the carrier's tracking link. */
export function KitJourney({ kit }: { kit: DeliveryKit }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge variant="light" color={kit.status === 'refunded' ? 'gray' : 'nestling'}>
          {kit.status === 'refunded' ? 'Refunded' : ORDER_STAGE_LABELS[kit.stage]}
        </Badge>
      </Group>
      <Text>{deliverySentence(kit)}</Text>
      {kit.shipment?.trackingUrl != null && kit.shipment.trackingNumber !== null && (
        <Anchor href={kit.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
          Track the parcel with {kit.shipment.carrier} ({kit.shipment.trackingNumber})
        </Anchor>
      )}
    </Stack>
  );
}

/** Why the address is fixed now, and whom to write to. */
function LockedReason({ kit }: { kit: DeliveryKit }) {
  const { brand } = useRuntimeConfig();
  const support = <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>;
  if (kit.status === 'refunded') {
    return <Text size="sm">This order was refunded, so the address no longer matters.</Text>;
  }
  return (
    <Text size="sm">
      This kit has already shipped, so its address can no longer be changed here. If it needs to go
      somewhere else, write to {support} with the kit id.
    </Text>
  );
}

function KitCard({ kit, viewingAs }: { kit: DeliveryKit; viewingAs: boolean }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const title = KIT_TITLES[kit.role];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {title}, order {kit.orderNumber}
        </Title>
        <dl className={factList.facts}>
          <dt>Kit id</dt>
          <dd className={classes.kitId}>{kit.id}</dd>
          <dt>Test</dt>
          <dd>{kit.productName}</dd>
          <dt>Delivery</dt>
          <dd>
            <KitJourney kit={kit} />
          </dd>
          {!editing && (
            <>
              <dt>Ships to</dt>
              <dd>
                <AddressBlock kit={kit} />
              </dd>
            </>
          )}
        </dl>
        {saved && !editing && (
          <Alert color="green" title="Address saved" role="status">
            The kit will be sent to the address above.
          </Alert>
        )}
        {editing ? (
          <AddressForm
            kit={kit}
            title={title}
            onSaved={() => {
              setEditing(false);
              setSaved(true);
            }}
            onCancel={() => {
              setEditing(false);
            }}
          />
        ) : kit.editable ? (
          viewingAs ? (
            <Text size="sm">
              You are viewing as the patient: only they can change this address.
            </Text>
          ) : (
            <Group>
              <Button
                variant="default"
                aria-label={`Change the address of ${title.toLowerCase()} (${kit.id})`}
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                Change address
              </Button>
              <Text size="sm" c="dimmed">
                You can change it until the kit ships.
              </Text>
            </Group>
          )
        ) : (
          <LockedReason kit={kit} />
        )}
      </Stack>
    </Card>
  );
}

/** /delivery: where each of the person's kits goes, until it ships, and how far it has come. */
export function DeliveryPage() {
  const kits = useDeliveries();
  const viewingAs = useViewAs() !== undefined;
  return (
    <>
      <PageHeading
        title="Delivery"
        lead="Where each of your kits is sent and how far it has traveled."
      />
      {kits.isPending || kits.isError ? (
        pendingOrFailed(kits, 'your kits')
      ) : kits.data.kits.length === 0 ? (
        <BuyATest />
      ) : (
        <Stack gap="lg">
          {kits.data.kits.map((kit) => (
            <KitCard key={kit.id} kit={kit} viewingAs={viewingAs} />
          ))}
          <Text>
            Once your kit has arrived, see{' '}
            <AnchorLink to="/return-shipping">Return shipping</AnchorLink> for how to send the
            sample back.
          </Text>
        </Stack>
      )}
    </>
  );
}
