import { Alert, Button, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  productShape,
  type Checkout,
  type CheckoutRequest,
  type OrderSummary,
  type ProductCode,
} from '@nestling/shared/contract/purchase';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useApi } from '../../lib/api-context.tsx';
import { AddressFields } from './address-fields.tsx';
import {
  buildCheckoutRequest,
  fieldError,
  serverErrors,
  visibleFields,
  type FieldErrors,
} from './checkout-request.ts';
import { ErrorSummary } from './error-summary.tsx';
import { fieldId, type BindField } from './field-binding.ts';
import { OrderSummaryCard } from './order-summary.tsx';
import { PaymentStep } from './payment-step.tsx';
import classes from './purchase.module.css';
import {
  clearEntries,
  idempotencyKeyFor,
  saveEntries,
  sharedPurchaseId,
  type EntryField,
  type SavedEntries,
} from './saved-entries.ts';
import { useQuote, useStartCheckout } from './use-purchase.ts';

/** The request without its key: entries that differ from the last ones sent need a new key. */
function fingerprint(request: CheckoutRequest): string {
  return JSON.stringify({ ...request, idempotencyKey: undefined });
}

/**
 * The order form (partner, shipping, discount code, summary) and then the payment step. What is
 * typed is saved to the tab's session storage as it is typed, and survives every error.
 */
export function PurchaseFlow({
  product,
  initialEntries,
  initialCheckout,
}: {
  product: ProductCode;
  initialEntries: SavedEntries;
  initialCheckout: Checkout | null;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const quote = useQuote();
  const start = useStartCheckout();
  const [entries, setEntries] = useState(initialEntries);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [summary, setSummary] = useState<OrderSummary | null>(initialCheckout?.summary ?? null);
  const [checkout, setCheckout] = useState<Checkout | null>(initialCheckout);
  const sending = useRef(false);
  const couple = productShape(product).kind === 'couple';

  useEffect(() => {
    saveEntries(product, entries);
  }, [product, entries]);

  // The summary's first figures: the price, with the code kept from before if there is one.
  const quoteMutate = quote.mutate;
  const firstCode = useRef(initialEntries.values.discountCode.trim());
  useEffect(() => {
    if (initialCheckout !== null) return;
    const code = firstCode.current;
    const usable = code !== '' && fieldError('discountCode', code) === undefined;
    quoteMutate(
      { product, ...(usable ? { discountCode: code.toUpperCase() } : {}) },
      {
        onSuccess: setSummary,
        onError: (error) => {
          if (!usable) return;
          setErrors((current) => ({ ...current, ...serverErrors(error).fields }));
          quoteMutate({ product }, { onSuccess: setSummary });
        },
      },
    );
  }, [product, initialCheckout, quoteMutate]);

  const setValue = (field: EntryField, value: string) => {
    setEntries((current) => ({ ...current, values: { ...current.values, [field]: value } }));
    // A message already shown is checked again as the person types, so it goes once fixed.
    if (errors[field] !== undefined) {
      setErrors((current) => ({ ...current, [field]: fieldError(field, value) }));
    }
    // The applied code was changed or removed: the summary goes back to the price alone until
    // another code is applied.
    const applied = summary?.discountCode ?? null;
    if (field === 'discountCode' && applied !== null && value.trim().toUpperCase() !== applied) {
      setSummary(null);
      quote.mutate({ product }, { onSuccess: setSummary });
    }
  };

  const bind: BindField = (field) => ({
    id: fieldId(field),
    name: field,
    value: entries.values[field],
    onChange: (event) => {
      setValue(field, event.currentTarget.value);
    },
    onBlur: () => {
      const value = entries.values[field];
      if (value.trim() !== '') {
        setErrors((current) => ({ ...current, [field]: fieldError(field, value) }));
      }
    },
    error: errors[field],
  });

  const applyCode = () => {
    const text = entries.values.discountCode;
    const message = text.trim() === '' ? 'Enter a discount code' : fieldError('discountCode', text);
    setErrors((current) => ({ ...current, discountCode: message }));
    if (message !== undefined) return;
    quote.mutate(
      { product, discountCode: text.trim().toUpperCase() },
      {
        onSuccess: setSummary,
        onError: (error) => {
          const refusal = serverErrors(error);
          setErrors((current) => ({
            ...current,
            discountCode: refusal.fields.discountCode ?? refusal.general ?? undefined,
          }));
        },
      },
    );
  };

  const send = async (request: CheckoutRequest) => {
    const sent = fingerprint(request);
    // The same entries send the same key from any tab (a double click, a reload or a second tab
    // pays once); changed ones get a key of their own, or the server would answer the checkout
    // made from the old ones.
    let key = idempotencyKeyFor(sharedPurchaseId(product), sent);
    const keep = (next: Partial<SavedEntries>) => {
      setEntries((current) => {
        const updated = { ...current, ...next };
        saveEntries(product, updated);
        return updated;
      });
    };
    keep({ idempotencyKey: key, keyUsedFor: sent });
    let answer = await start.mutateAsync({ ...request, idempotencyKey: key });
    if (answer.status === 'canceled' || answer.status === 'expired') {
      // That key's checkout has ended: start a new one from the same entries.
      key = idempotencyKeyFor(sharedPurchaseId(product, true), sent);
      keep({ idempotencyKey: key, keyUsedFor: sent });
      answer = await start.mutateAsync({ ...request, idempotencyKey: key });
    }
    keep({ checkoutId: answer.id });
    setSummary(answer.summary);
    if (answer.status === 'paid') {
      onPaid(answer);
    } else if (answer.redirectUrl !== null) {
      api.loadPage(answer.redirectUrl);
    } else {
      setCheckout(answer);
    }
  };

  const onPaid = (paid: Checkout) => {
    clearEntries(product);
    void navigate({ to: '/payment-successful', search: { checkout: paid.id } });
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    setGeneral(null);
    setAttempt((count) => count + 1);
    const built = buildCheckoutRequest(product, entries);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    sending.current = true;
    send(built.request)
      .catch((error: unknown) => {
        const refusal = serverErrors(error);
        setErrors(refusal.fields);
        setGeneral(refusal.general);
      })
      .finally(() => {
        sending.current = false;
      });
  };

  if (checkout !== null) {
    return (
      <PaymentStep
        checkout={checkout}
        onBack={() => {
          // A reload now shows the form: the entries may change before the next checkout.
          setEntries((current) => ({ ...current, checkoutId: null }));
          setCheckout(null);
        }}
        onPaid={onPaid}
      />
    );
  }

  const shown = visibleFields(product, entries.separateAddresses);
  const summaryItems = shown.flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ id: fieldId(field), message }];
  });
  const codeApplied =
    summary?.discountCode !== null &&
    summary?.discountCode !== undefined &&
    summary.discountCode === entries.values.discountCode.trim().toUpperCase();

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="order-form-title"
      className={classes.checkout}
    >
      <Stack gap="lg" className={classes.checkoutMain}>
        <Title order={2} id="order-form-title">
          Your order
        </Title>
        <ErrorSummary items={summaryItems} attempt={attempt} />
        {general !== null && (
          <Alert color="red" title="That did not work" role="alert">
            {general}
          </Alert>
        )}
        {couple && (
          <fieldset className={classes.fieldset}>
            <legend className={classes.legend}>Your partner</legend>
            <Stack gap="sm">
              <Text size="sm">
                We send your partner their own kit and keep their email on the order, so they can
                join you in the portal.
              </Text>
              <TextInput
                label="Partner's first name"
                autoComplete="off"
                required
                {...bind('partner.firstName')}
              />
              <TextInput
                label="Partner's last name"
                autoComplete="off"
                required
                {...bind('partner.lastName')}
              />
              <TextInput
                label="Partner's email"
                type="email"
                autoComplete="off"
                required
                {...bind('partner.email')}
              />
            </Stack>
          </fieldset>
        )}
        {couple && (
          <Radio.Group
            label="Where should we send the kits?"
            name="kit-addresses"
            value={entries.separateAddresses ? 'each' : 'one'}
            onChange={(value) => {
              setEntries((current) => {
                const values = { ...current.values };
                // The partner's parcel carries the partner's name unless another was typed.
                if (value === 'each' && values['shipping.partner.name'].trim() === '') {
                  values['shipping.partner.name'] = [
                    values['partner.firstName'].trim(),
                    values['partner.lastName'].trim(),
                  ]
                    .filter((part) => part !== '')
                    .join(' ');
                }
                return { ...current, values, separateAddresses: value === 'each' };
              });
            }}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="one" label="Both kits to one address" />
              <Radio value="each" label="Each kit to its own address" />
            </Stack>
          </Radio.Group>
        )}
        <AddressFields
          who="buyer"
          legend={couple && entries.separateAddresses ? 'Your kit' : 'Shipping address'}
          description={
            couple && !entries.separateAddresses ? (
              <Text size="sm">Both kits go to this address.</Text>
            ) : undefined
          }
          bind={bind}
        />
        {couple && entries.separateAddresses && (
          <AddressFields who="partner" legend="Your partner's kit" bind={bind} />
        )}
        <div>
          <div className={classes.discountRow}>
            <TextInput
              className={classes.discountInput}
              label="Discount code (optional)"
              autoComplete="off"
              {...bind('discountCode')}
              onKeyDown={(event) => {
                // Enter in this field applies the code rather than going on to payment.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyCode();
                }
              }}
            />
            <Button
              variant="default"
              className={classes.applyButton}
              onClick={applyCode}
              loading={quote.isPending && quote.variables.discountCode !== undefined}
            >
              Apply
            </Button>
          </div>
          <Text size="sm" role="status" mt={4}>
            {codeApplied ? `Code ${summary.discountCode ?? ''} applied.` : ''}
          </Text>
        </div>
      </Stack>
      {/* Beside the form on a wide screen, and kept in view while the form scrolls. */}
      <div className={classes.checkoutSide}>
        <OrderSummaryCard summary={summary} pending={quote.isPending} />
      </div>
      <div className={classes.checkoutAction}>
        <Button
          type="submit"
          size="md"
          loading={start.isPending}
          aria-busy={start.isPending || undefined}
        >
          Continue to payment
        </Button>
      </div>
    </form>
  );
}
