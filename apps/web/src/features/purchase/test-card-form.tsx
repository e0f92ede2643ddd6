import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import {
  cardNumberSchema,
  formatCents,
  testCardSchema,
  type Checkout,
} from '@nestling/shared/contract/purchase';
import { useRef, useState, type SubmitEvent } from 'react';
import { ApiError } from '../../lib/api.ts';
import { formatCardNumber, formatExpiry } from './card-format.ts';
import { ErrorSummary } from './error-summary.tsx';
import classes from './purchase.module.css';
import { useConfirmTestPayment, useTestPayment } from './use-purchase.ts';
import { Dialog } from '../../ui/dialog.tsx';

type CardField = 'number' | 'expiry' | 'cvc';

const CARD_IDS: Record<CardField, string> = {
  number: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
};

/** The usual test numbers of card test modes, and what each does here. */
const TEST_NUMBERS = [
  ['4242 4242 4242 4242', 'pays'],
  ['4000 0000 0000 0002', 'is declined'],
  ['4000 0000 0000 9995', 'is declined for insufficient funds'],
  ['4000 0025 0000 3155', 'asks for an extra confirmation first'],
] as const;

function cardError(field: CardField, value: string): string | undefined {
  const schema = field === 'number' ? cardNumberSchema : testCardSchema.shape[field];
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Check this field');
}

/** A refusal in plain words: the card's own message (402), or what went wrong. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0)
      return 'We could not reach the portal. Check your connection and try again.';
    if (error.status >= 500)
      return 'Something went wrong on our side. Please try again in a moment.';
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}

/**
 * The test provider's card form. Number, expiry and CVC are checked with the contract's schema
 * (Luhn, a date not past, 3 or 4 digits) before anything is sent. A refused card keeps what was
 * typed, so the person can correct it or try another.
 */
export function TestCardForm({
  checkout,
  onPaid,
}: {
  checkout: Checkout;
  onPaid: (checkout: Checkout) => void;
}) {
  const pay = useTestPayment(checkout.id);
  const confirm = useConfirmTestPayment(checkout.id);
  const [card, setCard] = useState<Record<CardField, string>>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(checkout.paymentError);
  const [confirming, setConfirming] = useState(checkout.status === 'requires_action');
  const paying = useRef(false);

  const setValue = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    if (errors[field] !== undefined) {
      setErrors((current) => ({ ...current, [field]: cardError(field, value) }));
    }
  };

  const answered = (answer: Checkout) => {
    if (answer.status === 'paid') {
      onPaid(answer);
    } else if (answer.status === 'requires_action') {
      setConfirming(true);
    } else {
      setRefusal(answer.paymentError ?? 'The payment did not go through. Please try again.');
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (paying.current) return;
    setAttempt((count) => count + 1);
    const found: Partial<Record<CardField, string>> = {};
    for (const field of ['number', 'expiry', 'cvc'] as const) {
      const message = cardError(field, card[field]);
      if (message !== undefined) found[field] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const parsed = testCardSchema.safeParse(card);
    if (!parsed.success) return;
    setRefusal(null);
    paying.current = true;
    pay.mutate(parsed.data, {
      onSuccess: answered,
      onError: (error) => {
        setRefusal(refusalText(error));
      },
      onSettled: () => {
        paying.current = false;
      },
    });
  };

  const decide = (approve: boolean) => {
    if (confirm.isPending) return;
    confirm.mutate(approve, {
      onSuccess: (answer) => {
        setConfirming(false);
        answered(answer);
      },
      onError: (error) => {
        setConfirming(false);
        setRefusal(refusalText(error));
      },
    });
  };

  const summaryItems = (['number', 'expiry', 'cvc'] as const).flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ id: CARD_IDS[field], message }];
  });
  const total = formatCents(checkout.summary.totalCents, checkout.summary.currency);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Pay by card">
      <Stack gap="md">
        <Alert color="yellow" title="Test payments: no money moves" role="note">
          <Text size="sm" mb="xs">
            This portal takes test payments only. Use one of these card numbers, any future expiry
            date and any 3-digit security code.
          </Text>
          <List spacing={4} size="sm">
            {TEST_NUMBERS.map(([number, outcome]) => (
              <List.Item key={number}>
                <span className={classes.cardNumber}>{number}</span>: {outcome}
              </List.Item>
            ))}
          </List>
        </Alert>
        <ErrorSummary items={summaryItems} attempt={attempt} />
        {refusal !== null && (
          <Alert color="red" title="The payment did not go through" role="alert">
            <Text>{refusal}</Text>
            <Text size="sm" mt={4}>
              Nothing was charged. Check the card details or try another card.
            </Text>
          </Alert>
        )}
        <TextInput
          id={CARD_IDS.number}
          label="Card number"
          autoComplete="cc-number"
          inputMode="numeric"
          required
          value={card.number}
          onChange={(event) => {
            setValue('number', formatCardNumber(event.currentTarget.value));
          }}
          error={errors.number}
        />
        <div className={classes.cardRow}>
          <TextInput
            id={CARD_IDS.expiry}
            label="Expiry date (MM/YY)"
            autoComplete="cc-exp"
            inputMode="numeric"
            required
            value={card.expiry}
            onChange={(event) => {
              setValue('expiry', formatExpiry(event.currentTarget.value));
            }}
            error={errors.expiry}
          />
          <TextInput
            id={CARD_IDS.cvc}
            label="Security code (CVC)"
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            required
            value={card.cvc}
            onChange={(event) => {
              setValue('cvc', event.currentTarget.value.replace(/\D/g, ''));
            }}
            error={errors.cvc}
          />
        </div>
        <div>
          <Button
            type="submit"
            size="md"
            loading={pay.isPending}
            aria-busy={pay.isPending || undefined}
          >
            Pay {total}
          </Button>
        </div>
      </Stack>
      <Dialog
        opened={confirming}
        onClose={() => {
          decide(false);
        }}
        title="Confirm this payment"
        closeOnClickOutside={false}
        withCloseButton={false}
      >
        <Text mb="lg">
          Your card asks you to confirm this payment of {total}. In a real payment this is where
          your bank would check it is you.
        </Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              decide(false);
            }}
            disabled={confirm.isPending}
          >
            Cancel payment
          </Button>
          <Button
            onClick={() => {
              decide(true);
            }}
            loading={confirm.isPending}
          >
            Confirm this payment
          </Button>
        </Group>
      </Dialog>
    </form>
  );
}
