import { Alert, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { formatCents, PURCHASE_PATHS } from '@nestling/shared/contract/purchase';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { clearEntries } from './saved-entries.ts';
import { useCheckout, usePaidOrder } from './use-purchase.ts';

/** How often the page asks whether the payment is confirmed, and for how long. */
export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_WAIT_MS = 2 * 60 * 1000;

function Waiting({ text }: { text: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{text}</Text>
    </Group>
  );
}

function NothingToConfirm() {
  return (
    <>
      <PageHeading title="Your payment" />
      <Stack gap="md" maw={640}>
        <Text>
          This page confirms a payment once you have paid for a test. There is no payment to confirm
          here.
        </Text>
        <Group>
          <ButtonLink to="/purchase">See the tests you can buy</ButtonLink>
          <ButtonLink to="/purchased" variant="default">
            Your purchases
          </ButtonLink>
        </Group>
      </Stack>
    </>
  );
}

/** The paid order: its number and what happens next. */
function Paid({ orderId }: { orderId: string }) {
  const order = usePaidOrder(orderId);
  return (
    <>
      <PageHeading title="Payment successful" lead="Thank you. Your order is placed." />
      <Stack gap="lg" maw={640}>
        {order.isPending ? (
          <Waiting text="Loading your order…" />
        ) : order.isError ? (
          <Alert color="yellow" title="Your order is placed" role="status">
            We could not show its details just now. You will find it on Your purchases.
          </Alert>
        ) : (
          <Card withBorder padding="md" component="section" aria-labelledby="order-number">
            <Stack gap={4}>
              <Title order={2} size="h3" id="order-number">
                Order {order.data.number}
              </Title>
              <Text>{order.data.productName}</Text>
              <Text>
                Paid {formatCents(order.data.totalCents, order.data.currency)}
                {order.data.cardLast4 === null
                  ? ''
                  : ` with the card ending ${order.data.cardLast4}`}
              </Text>
            </Stack>
          </Card>
        )}
        <section aria-labelledby="next-steps">
          <Title order={2} size="h3" id="next-steps" mb="xs">
            What happens next
          </Title>
          <List spacing="xs">
            <List.Item>
              We send your {order.data !== undefined && order.data.kits.length > 1 ? 'kits' : 'kit'}{' '}
              to the address you gave, and email you when{' '}
              {order.data !== undefined && order.data.kits.length > 1 ? 'they ship' : 'it ships'}.
            </List.Item>
            <List.Item>
              You can follow each step, from shipping to your report, on your order&apos;s tracker.
            </List.Item>
            <List.Item>Your receipt is in your email and among your documents.</List.Item>
          </List>
        </section>
        <Group>
          <ButtonLink to="/order" search={{ id: orderId }}>
            Track your order
          </ButtonLink>
          <ButtonLink to="/purchased" variant="default">
            Your purchases
          </ButtonLink>
        </Group>
      </Stack>
    </>
  );
}

/**
 * /payment-successful: waits for the server to say the checkout is paid (a provider's webhook may
 * take a moment), then shows the order. Never takes the browser's return as proof of payment.
 */
export function PaymentSuccessfulPage({ checkoutId }: { checkoutId: string | undefined }) {
  const [tooLong, setTooLong] = useState(false);
  const checkout = useCheckout(checkoutId, tooLong ? {} : { pollMs: CONFIRM_POLL_MS });
  const status = checkout.data?.status;
  const product = checkout.data?.summary.product;

  useEffect(() => {
    const timer = setTimeout(() => {
      setTooLong(true);
    }, CONFIRM_WAIT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [checkoutId]);

  // Paid: the purchase page's saved entries have done their job.
  useEffect(() => {
    if (status === 'paid' && product !== undefined) clearEntries(product);
  }, [status, product]);

  if (checkoutId === undefined) return <NothingToConfirm />;

  if (checkout.isError) {
    const notFound = checkout.error instanceof ApiError && checkout.error.status === 404;
    return (
      <>
        <PageHeading title="Your payment" />
        <Alert
          color="red"
          title={notFound ? 'Payment not found' : 'This could not be loaded'}
          role="alert"
          maw={640}
        >
          <Text mb="sm">
            {notFound
              ? 'We could not find this payment. If you paid, your order is on Your purchases.'
              : 'We could not check your payment just now.'}
          </Text>
          <Group>
            {!notFound && (
              <Button
                variant="default"
                color="red"
                onClick={() => {
                  void checkout.refetch();
                }}
              >
                Try again
              </Button>
            )}
            <AnchorLink to="/purchased">Your purchases</AnchorLink>
          </Group>
        </Alert>
      </>
    );
  }

  const data = checkout.data;
  if (data?.status === 'paid' && data.orderId !== null) return <Paid orderId={data.orderId} />;

  if (data?.status === 'cancelled' || data?.status === 'expired') {
    return (
      <>
        <PageHeading title="Payment not completed" />
        <Stack gap="md" maw={640}>
          <Text>
            {data.status === 'cancelled'
              ? 'This payment was canceled.'
              : 'This payment was not completed in time.'}{' '}
            Nothing was charged.
          </Text>
          <div>
            <ButtonLink to={PURCHASE_PATHS[data.summary.product]}>
              Back to {data.summary.productName}
            </ButtonLink>
          </div>
        </Stack>
      </>
    );
  }

  return (
    <>
      <PageHeading title="Confirming your payment" />
      <Stack gap="md" maw={640}>
        {tooLong ? (
          <>
            <Alert color="blue" title="This is taking longer than usual" role="status">
              Your payment has not been confirmed yet. You do not need to pay again: once it is
              confirmed, your order appears on Your purchases and we email your receipt.
            </Alert>
            <Group>
              <Button
                variant="default"
                onClick={() => {
                  void checkout.refetch();
                }}
                loading={checkout.isFetching}
              >
                Check again
              </Button>
              <ButtonLink to="/purchased" variant="default">
                Your purchases
              </ButtonLink>
            </Group>
          </>
        ) : (
          <Waiting text="Confirming your payment…" />
        )}
      </Stack>
    </>
  );
}
