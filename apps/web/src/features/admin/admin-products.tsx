import { Alert, Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  formatCents,
  productUpdateSchema,
  type Product,
  type ProductUpdate,
} from '@nestling/shared/contract/purchase';
import { useId } from 'react';
import { useProducts } from '../purchase/index.ts';
import { AdminFormActions } from './admin-form-actions.tsx';
import { dollarsToCents, fieldErrors } from './admin-forms.ts';
import { adminErrorText } from './format.ts';
import { useAdminForm, type CheckedValues } from './use-admin-form.ts';
import { useUpdateProduct } from './use-admin-orders.ts';

const PRICE_MESSAGE = 'Enter the price in dollars, like 499 or 499.00';
const DAYS_MESSAGE = 'Give the turnaround in whole days';

/** The form's fields as typed: every one text. */
interface ProductFields {
  price: string;
  description: string;
  includes: string;
  turnaroundDays: string;
}

/** 129950 -> '1299.50', as the price field shows it. */
function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The price in cents, the included items one per line, and the turnaround in whole days. */
function checkProduct(values: ProductFields): CheckedValues<ProductUpdate> {
  const priceCents = dollarsToCents(values.price);
  const days = values.turnaroundDays.trim();
  const body = {
    priceCents: priceCents ?? Number.NaN,
    description: values.description,
    includes: values.includes
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    turnaroundDays: /^\d+$/.test(days) ? Number(days) : Number.NaN,
  };
  const errors = fieldErrors(productUpdateSchema, body);
  if (priceCents === undefined) errors.priceCents = PRICE_MESSAGE;
  if (!/^\d+$/.test(days)) errors.turnaroundDays = DAYS_MESSAGE;
  if (Object.keys(errors).length > 0) return { errors };
  return { body: productUpdateSchema.parse(body), errors };
}

function ProductForm({ product }: { product: Product }) {
  const update = useUpdateProduct();
  const headingId = useId();
  const form = useAdminForm({
    initialValues: (): ProductFields => ({
      price: centsToDollars(product.priceCents),
      description: product.description,
      includes: product.includes.join('\n'),
      turnaroundDays: String(product.turnaroundDays),
    }),
    action: update,
    check: checkProduct,
  });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <form
        onSubmit={form.onSubmit((body) => {
          update.mutate({ code: product.code, body });
        })}
        noValidate
        aria-labelledby={headingId}
      >
        <Stack gap="sm">
          <Title order={3} id={headingId}>
            {product.name}
          </Title>
          <Text size="sm">Now {formatCents(product.priceCents, product.currency)}.</Text>
          <TextInput
            label="Price in US dollars"
            inputMode="decimal"
            {...form.field('price', 'priceCents')}
            required
            maw={200}
          />
          <Textarea label="Description" {...form.field('description')} required rows={2} />
          <Textarea
            label="What the test includes"
            description="One item per line."
            {...form.field('includes')}
            rows={Math.max(4, product.includes.length + 1)}
          />
          <TextInput
            label="Turnaround in days"
            description="From the sample’s arrival at the lab to the report."
            inputMode="numeric"
            {...form.field('turnaroundDays')}
            required
            maw={320}
          />
          <AdminFormActions form={form} submitLabel="Save">
            <Text size="sm" role="status">
              {update.isSuccess ? 'Saved.' : ''}
            </Text>
          </AdminFormActions>
        </Stack>
      </form>
    </Card>
  );
}

/** The catalogue, as staff edit it: price, description, what is included, turnaround. */
export function AdminProducts() {
  const products = useProducts();
  const headingId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        Products
      </Title>
      <Text>
        A new price applies to orders from now on: past orders keep the price they were sold at.
      </Text>
      {products.isPending && <Text role="status">Loading the products…</Text>}
      {products.isError && (
        <Alert color="red" title="The products could not be loaded" role="alert">
          {adminErrorText(products.error)}
        </Alert>
      )}
      {products.data?.products.map((product) => (
        <ProductForm key={product.code} product={product} />
      ))}
    </Stack>
  );
}
