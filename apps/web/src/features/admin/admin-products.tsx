import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { formatCents, productUpdateSchema, type Product } from '@nestling/shared/contract/purchase';
import { useId, useState, type SubmitEvent } from 'react';
import { useProducts } from '../purchase/index.ts';
import { dollarsToCents, fieldErrors, serverFieldError, type FieldErrors } from './admin-forms.ts';
import { adminErrorText } from './format.ts';
import { useUpdateProduct } from './use-admin-orders.ts';

const PRICE_MESSAGE = 'Enter the price in dollars, like 499 or 499.00';
const DAYS_MESSAGE = 'Give the turnaround in whole days';

/** 129950 -> '1299.50', as the price field shows it. */
function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

function ProductForm({ product }: { product: Product }) {
  const update = useUpdateProduct();
  const headingId = useId();
  const [values, setValues] = useState({
    price: centsToDollars(product.priceCents),
    description: product.description,
    includes: product.includes.join('\n'),
    turnaroundDays: String(product.turnaroundDays),
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
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
    const found = fieldErrors(productUpdateSchema, body);
    if (priceCents === undefined) found.priceCents = PRICE_MESSAGE;
    if (!/^\d+$/.test(days)) found.turnaroundDays = DAYS_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { code: product.code, body: productUpdateSchema.parse(body) },
      {
        onError: (error) => {
          const field = serverFieldError(error);
          setErrors(
            field === undefined
              ? { form: adminErrorText(error) }
              : { [field.field]: field.message },
          );
        },
      },
    );
  };

  const set = (name: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    setValues({ ...values, [name]: event.currentTarget.value });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <Stack gap="sm">
          <Title order={3} id={headingId}>
            {product.name}
          </Title>
          <Text size="sm">Now {formatCents(product.priceCents, product.currency)}.</Text>
          <TextInput
            label="Price in US dollars"
            inputMode="decimal"
            value={values.price}
            onChange={set('price')}
            error={errors.priceCents}
            required
            maw={200}
          />
          <Textarea
            label="Description"
            value={values.description}
            onChange={set('description')}
            error={errors.description}
            required
            rows={2}
          />
          <Textarea
            label="What the test includes"
            description="One item per line."
            value={values.includes}
            onChange={set('includes')}
            error={errors.includes}
            rows={Math.max(4, product.includes.length + 1)}
          />
          <TextInput
            label="Turnaround in days"
            description="From the sample’s arrival at the lab to the report."
            inputMode="numeric"
            value={values.turnaroundDays}
            onChange={set('turnaroundDays')}
            error={errors.turnaroundDays}
            required
            maw={320}
          />
          {errors.form !== undefined && (
            <Text c="red.9" role="alert">
              {errors.form}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
            <Text size="sm" role="status">
              {update.isSuccess ? 'Saved.' : ''}
            </Text>
          </Group>
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
