import { Alert, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import type { PurchaseOrder } from '@nestling/shared/contract/order-tracker';
import { formatCents, PURCHASE_PATHS } from '@nestling/shared/contract/purchase';
import { formatUsDate } from '@nestling/shared/products';
import { areTermsAccepted, isHealthSurveyDone } from '@nestling/shared/rules';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { useCurrentUser } from '../session/index.ts';
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

/**
 * Every step from payment to the report, in order: what the person can do now (the
 * survey and the terms, while the kit is on its way), the partner's invitation, shipping,
 * activation, the return, and when the report is expected.
 */
function NextSteps({ order }: { order: PurchaseOrder | undefined }) {
  const { data: user } = useCurrentUser();
  const couple = order !== undefined && order.kits.length > 1;
  const surveyDone = user !== undefined && isHealthSurveyDone(user.healthSurveyStatus);
  const termsDone = user !== undefined && areTermsAccepted(user);
  return (
    <List type="ordered" spacing="xs">
      <List.Item>
        {surveyDone ? (
          'Your health survey: done.'
        ) : (
          <>
            <AnchorLink to="/health-survey">Answer your health survey</AnchorLink> now, while your{' '}
            {couple ? 'kits are' : 'kit is'} on the way: it saves as you go.
          </>
        )}
      </List.Item>
      <List.Item>
        {termsDone ? (
          'The terms and the HIPAA notice: accepted.'
        ) : (
          <>
            <AnchorLink to="/review-terms">Accept the terms and the HIPAA notice</AnchorLink> before
            you activate your {couple ? 'kits' : 'kit'}.
          </>
        )}
      </List.Item>
      {order !== undefined && order.partner !== null && (
        <List.Item>
          {order.partner.firstName} gets an invitation at {order.partner.email} to join, then
          answers their own survey and accepts the terms.{' '}
          <AnchorLink to="/partner">See your partner&apos;s invitation</AnchorLink>
        </List.Item>
      )}
      <List.Item>
        We send your {couple ? 'kits' : 'kit'} to the address you gave, and email you when{' '}
        {couple ? 'they ship' : 'it ships'}.
      </List.Item>
      <List.Item>
        When {couple ? 'they arrive, activate both kits' : 'it arrives, activate your kit'} with the
        ID on {couple ? 'each tube' : 'the tube'}, then give your saliva sample as the instructions
        in the box say.
      </List.Item>
      <List.Item>
        Send the {couple ? 'samples' : 'sample'} back with the prepaid {couple ? 'labels' : 'label'}{' '}
        in the box.
      </List.Item>
      <List.Item>
        {`Your ${couple ? 'reports are' : 'report is'} expected around ${
          order === undefined
            ? 'a few weeks after the lab has your sample'
            : formatUsDate(order.expectedReportDate)
        }; we email you when ${couple ? 'they are' : 'it is'} ready.`}
      </List.Item>
    </List>
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
          <NextSteps order={order.data} />
          <Text mt="sm">
            You can follow each step, from shipping to your report, on your order&apos;s tracker.
            Your receipt is in your email and among your documents.
          </Text>
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

  if (data?.status === 'canceled' || data?.status === 'expired') {
    return (
      <>
        <PageHeading title="Payment not completed" />
        <Stack gap="md" maw={640}>
          <Text>
            {data.status === 'canceled'
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
