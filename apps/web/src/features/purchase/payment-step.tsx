import { Button, Stack, Text, Title } from '@mantine/core';
import type { Checkout } from '@nestling/shared/contract/purchase';
import { useEffect, useRef } from 'react';
import { OrderSummaryCard } from './order-summary.tsx';
import { TestCardForm } from './test-card-form.tsx';

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
    <Stack gap="lg">
      <Title order={2} ref={heading} tabIndex={-1}>
        Payment
      </Title>
      <OrderSummaryCard summary={checkout.summary} pending={false} />
      <div>
        <Text mb="xs">Your details are saved. Need to change something first?</Text>
        <Button variant="default" onClick={onBack}>
          Change your details
        </Button>
      </div>
      {checkout.provider === 'test' ? (
        <TestCardForm checkout={checkout} onPaid={onPaid} />
      ) : (
        <Text>Taking you to the payment page…</Text>
      )}
    </Stack>
  );
}
