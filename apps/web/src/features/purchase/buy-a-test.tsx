import { Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { PURCHASE_PATHS, formatCents } from '@nestling/shared/contract/purchase';
import { ButtonLink } from '../../ui/button-link.tsx';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import classes from './purchase.module.css';
import { useProducts } from './use-products.ts';

/** For someone with no order yet: the tests they can buy, each leading to its purchase page. */
export function BuyATest() {
  const products = useProducts();
  return (
    <Stack gap="md">
      <Text>
        You have not bought a test yet. When you do, your order and its progress appear here.
      </Text>
      <Title order={2}>Tests you can order</Title>
      {products.isPending || products.isError ? (
        pendingOrFailed(products, 'the tests')
      ) : (
        <div className={classes.products}>
          {products.data.products.map((product) => (
            <Card key={product.code} withBorder padding="md" component="section">
              <Stack gap="xs" justify="space-between" h="100%">
                <Stack gap="xs">
                  <Title order={3} size="h4">
                    {product.name}
                  </Title>
                  <Text fw={700}>{formatCents(product.priceCents, product.currency)}</Text>
                  <Text size="sm">{product.description}</Text>
                </Stack>
                <ButtonLink to={PURCHASE_PATHS[product.code]} variant="light">
                  Order <VisuallyHidden>{product.name}</VisuallyHidden>
                </ButtonLink>
              </Stack>
            </Card>
          ))}
        </div>
      )}
    </Stack>
  );
}
