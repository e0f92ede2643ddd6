import { Button, Stack, Text, Title } from '@mantine/core';
import type { Checkout, ShippingAddress } from '@nestling/shared/contract/purchase';
import { useEffect, useRef } from 'react';
import { OrderSummaryCard } from './order-summary.tsx';
import classes from './purchase.module.css';
import { TestCardForm } from './test-card-form.tsx';

/** One address on a line: 'Ada Lovelace, 12 Elm Street, Apt 2, Springfield, IL 62701'. */
function addressLine(address: ShippingAddress): string {
  const street = [address.line1, address.line2].filter((part) => part !== undefined && part !== '');
  return `${[address.name, ...street, address.city].join(', ')}, ${address.state} ${address.zip}`;
}

/**
 * What the person entered, once more before paying: the partner who will be invited
 * and where each kit goes, with the way back to change them.
 */
function DetailsReview({ checkout, onBack }: { checkout: Checkout; onBack: () => void }) {
  const { partner, shipping } = checkout.request;
  return (
    <section aria-labelledby="details-review">
      <Title order={3} size="h4" id="details-review" mb="xs">
        Your details
      </Title>
      <dl className={classes.review}>
        {partner !== null && (
          <>
            <dt>Your partner</dt>
            <dd>
              {partner.firstName} {partner.lastName}, {partner.email}
            </dd>
          </>
        )}
        {shipping.partner === null ? (
          <>
            <dt>{partner === null ? 'Your kit goes to' : 'Both kits go to'}</dt>
            <dd>{addressLine(shipping.buyer)}</dd>
          </>
        ) : (
          <>
            <dt>Your kit goes to</dt>
            <dd>{addressLine(shipping.buyer)}</dd>
            <dt>Your partner&apos;s kit goes to</dt>
            <dd>{addressLine(shipping.partner)}</dd>
          </>
        )}
      </dl>
      <Button variant="default" onClick={onBack} mt="sm">
        Change your details
      </Button>
    </section>
  );
}

/** The second step: what will be paid, and the card form of the test provider. */
export function PaymentStep({
  checkout,
  onBack,
  onPaid,
}: {
  checkout: Checkout;
  onBack: () => void;
  onPaid: (checkout: Checkout) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form was replaced: put the reader at the start of the new step.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className={classes.checkout}>
      <Stack gap="lg" className={classes.checkoutMain}>
        <Title order={2} ref={heading} tabIndex={-1}>
          Payment
        </Title>
        <DetailsReview checkout={checkout} onBack={onBack} />
      </Stack>
      <div className={classes.checkoutSide}>
        <OrderSummaryCard summary={checkout.summary} pending={false} />
      </div>
      <div className={classes.checkoutAction}>
        {checkout.provider === 'test' ? (
          <TestCardForm checkout={checkout} onPaid={onPaid} />
        ) : (
          <Text>Taking you to the payment page…</Text>
        )}
      </div>
    </div>
  );
}
