import { Alert, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import {
  formatCents,
  PURCHASE_PATHS,
  type Checkout,
  type Product,
  type ProductCode,
} from '@nestling/shared/contract/purchase';
import type { CurrentUser } from '@nestling/shared/contract/user';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { useCurrentUser } from '../session/index.ts';
import { PurchaseFlow } from './purchase-flow.tsx';
import {
  entriesFromCheckout,
  freshEntries,
  loadEntries,
  type SavedEntries,
} from './saved-entries.ts';
import { useCheckout, useProduct } from './use-purchase.ts';

export type BuyerRole = 'mother' | 'father';

/** Spec section 3's rule, as elsewhere in the portal: Male/M is the father, Female/F the mother. */
export function buyerRole(sex: CurrentUser['sex']): BuyerRole | null {
  if (sex === 'Male' || sex === 'M') return 'father';
  if (sex === 'Female' || sex === 'F') return 'mother';
  return null;
}

function Loading({ what }: { what: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>Loading {what}…</Text>
    </Group>
  );
}

/** What the test is, what it includes, how long it takes, what it costs and who it is for. */
function ProductDetails({ product, role }: { product: Product; role: BuyerRole | null }) {
  const couple = product.kind === 'couple';
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="product-details-title"
      maw={640}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="product-details-title">
          About this test
        </Title>
        <Text size="xl" fw={700}>
          {formatCents(product.priceCents, product.currency)}
        </Text>
        <div>
          <Text fw={700}>What it includes</Text>
          <List spacing={4}>
            {product.includes.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </div>
        <Text>
          <Text span fw={700}>
            How long it takes:{' '}
          </Text>
          your report is ready about {product.turnaroundDays} days after your{' '}
          {couple ? 'samples reach' : 'sample reaches'} the lab.
        </Text>
        <Text>
          <Text span fw={700}>
            Who it is for:{' '}
          </Text>
          {couple
            ? 'you and your partner. We send a kit to each of you.'
            : 'you. We send you one kit.'}
        </Text>
        {couple && role !== null && <Text>You are the {role} on this order.</Text>}
      </Stack>
    </Card>
  );
}

type InitialEntries =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; entries: SavedEntries; checkout: Checkout | null; canceled: boolean };

const LOADING: InitialEntries = { state: 'loading' };

/** Where the page's entries come from: the provider's cancel return, this tab's storage, or new. */
function useInitialEntries(
  product: ProductCode,
  user: CurrentUser | undefined,
  search: { checkout?: string | undefined; canceled?: string | undefined },
): InitialEntries {
  const [saved] = useState(() => loadEntries(product));
  const returned = search.canceled === '1' ? search.checkout : undefined;
  // After a cancel the checkout refills the page; otherwise one waiting for its payment (the
  // page was reloaded on the payment step) takes the person back to that step.
  const checkoutId = returned ?? saved?.checkoutId ?? undefined;
  const checkout = useCheckout(checkoutId);
  const navigate = useNavigate();
  const paidId = checkout.data?.status === 'paid' ? checkout.data.id : undefined;
  useEffect(() => {
    if (paidId !== undefined) {
      void navigate({ to: '/payment-successful', search: { checkout: paidId }, replace: true });
    }
  }, [paidId, navigate]);

  if (user === undefined) return LOADING;
  const kept =
    saved ??
    freshEntries({
      'shipping.buyer.name': [user.name.First, user.name.Last].filter(Boolean).join(' '),
    });
  const ready = (entries: SavedEntries, more: { checkout?: Checkout; canceled?: boolean } = {}) =>
    ({
      state: 'ready',
      entries,
      checkout: more.checkout ?? null,
      canceled: more.canceled ?? false,
    }) as const;

  if (checkoutId === undefined) return ready(kept);
  if (checkout.isPending) return LOADING;
  if (checkout.isError) {
    // A checkout that is gone (or never was the person's) is forgotten; the entries stay.
    if (checkout.error instanceof ApiError && checkout.error.status === 404) {
      return ready({ ...kept, checkoutId: null });
    }
    return { state: 'failed', error: checkout.error };
  }
  const answer = checkout.data;
  if (answer.summary.product !== product) return ready(kept);
  if (returned !== undefined) return ready(entriesFromCheckout(answer), { canceled: true });
  if (answer.status === 'open' || answer.status === 'requires_action') {
    return answer.provider === 'test' ? ready(kept, { checkout: answer }) : ready(kept);
  }
  if (answer.status === 'paid') return LOADING;
  // Canceled or expired: the entries stay, with a new key for the next checkout.
  return ready({ ...freshEntries(kept.values), separateAddresses: kept.separateAddresses });
}

/**
 * One of the four purchase pages, drawn from the product's code: the product as the server
 * describes it, the order form, and the payment step.
 */
export function PurchasePage({
  product: code,
  search,
}: {
  product: ProductCode;
  search: { checkout?: string | undefined; canceled?: string | undefined };
}) {
  const product = useProduct(code);
  const user = useCurrentUser();
  const initial = useInitialEntries(code, user.data, search);

  if (product.isPending || initial.state === 'loading') {
    return (
      <>
        <PageHeading title="Buy a test" />
        <Loading what="the test" />
      </>
    );
  }
  if (product.isError || initial.state === 'failed' || product.data === null) {
    return (
      <>
        <PageHeading title="Buy a test" />
        <Alert color="red" title="This page could not be loaded" role="alert">
          {product.data === null
            ? 'This test is not on sale at the moment.'
            : 'Please try again in a moment.'}
        </Alert>
      </>
    );
  }

  const role = buyerRole(user.data?.sex ?? null);
  const couple = product.data.kind === 'couple';
  return (
    <>
      <PageHeading title={product.data.name} lead={product.data.description} />
      <Stack gap="lg" maw={1040}>
        {initial.canceled && (
          <Alert color="blue" title="Your payment was canceled" role="status">
            Nothing was charged. Your details are below, so you can try again when you are ready.
          </Alert>
        )}
        <ProductDetails product={product.data} role={role} />
        {couple && role === null ? (
          <Alert color="yellow" title="One thing first" role="status">
            A couple&apos;s test sends a kit to the mother and one to the father, so we need your
            sex to know which is yours. Add it in{' '}
            <AnchorLink to="/account-settings">account settings</AnchorLink>, then come back to{' '}
            <AnchorLink to={PURCHASE_PATHS[code]}>this page</AnchorLink>.
          </Alert>
        ) : (
          <PurchaseFlow
            product={code}
            initialEntries={initial.entries}
            initialCheckout={initial.checkout}
          />
        )}
      </Stack>
    </>
  );
}
