import { Alert, Badge, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { KitStatus } from '@nestling/shared/contract/activation';
import { formatUsDate } from '@nestling/shared/products';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { useKits } from './use-kits.ts';

function whose(kit: KitStatus): string {
  if (kit.kind === 'individual') return 'Your kit';
  return kit.own ? `Your tube (${kit.role})` : `Your partner's tube (${kit.role})`;
}

function KitCard({ kit }: { kit: KitStatus }) {
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={`Kit ${kit.kitId}`}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={700}>{kit.kitId}</Text>
          <Text size="sm">{whose(kit)}</Text>
        </Stack>
        {kit.activatedAt === null && kit.awaitingShipment ? (
          <Badge color="gray.8" variant="filled">
            Not shipped yet
          </Badge>
        ) : kit.activatedAt === null ? (
          <Badge color="gray.8" variant="filled">
            Not activated
          </Badge>
        ) : (
          <Badge color="teal.9" variant="filled">
            Activated {formatUsDate(kit.activatedAt)}
          </Badge>
        )}
      </Group>
      <Group gap="md" mt="xs">
        {kit.activatedAt === null && !kit.awaitingShipment && (
          <AnchorLink to="/activate">Activate</AnchorLink>
        )}
        {kit.purchaseOrderId !== null && (
          <AnchorLink to="/order" search={{ id: kit.purchaseOrderId }}>
            Track this order
          </AnchorLink>
        )}
      </Group>
    </Paper>
  );
}

/** /activation: the person's kits and their activation, and how to send the sample. */
export function ActivationPage() {
  const kits = useKits();
  const list = kits.data?.kits ?? [];
  const anyActivated = list.some((kit) => kit.activatedAt !== null);
  return (
    <Stack gap="lg" maw={760}>
      <PageHeading
        title="Activation"
        lead={
          anyActivated
            ? 'Your kit is activated. Here is how to collect and send your sample.'
            : 'The activation status of your kits.'
        }
      />
      {kits.isPending && <Loader role="status" aria-label="Loading your kits" />}
      {kits.error !== null && (
        <Alert color="red" role="alert" title="Your kits could not be loaded">
          {kits.error.message}
        </Alert>
      )}
      {kits.data !== undefined && list.length === 0 && (
        <Text>
          You have no kits yet. <AnchorLink to="/purchase">Buy a test</AnchorLink> to get one.
        </Text>
      )}
      {list.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="kits-heading">
          <Title order={2} size="h3" id="kits-heading">
            Your kits
          </Title>
          <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }}>
            {list.map((kit) => (
              <KitCard key={`${kit.orderId}-${kit.role}`} kit={kit} />
            ))}
          </Stack>
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-labelledby="next-heading">
        <Title order={2} size="h3" id="next-heading">
          What happens next
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>
            Don&apos;t eat, drink, smoke or chew gum for 30 minutes before you collect your sample.
          </List.Item>
          <List.Item>
            Spit into the tube until the saliva (not bubbles) reaches the fill line, then close the
            cap firmly to release the stabilizing liquid.
          </List.Item>
          <List.Item>
            Check that the ID on the tube is the one you activated, put the tube in its bag, and
            seal the bag in the return box.
          </List.Item>
          <List.Item>
            Send the box with the prepaid return label within a few days. The order tracker shows
            when the lab receives it and when your report is ready.
          </List.Item>
        </List>
      </Stack>
      {list.some((kit) => kit.activatedAt === null) && (
        <Group>
          <ButtonLink to="/activate">Activate a kit</ButtonLink>
        </Group>
      )}
    </Stack>
  );
}
