import { Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import { formatCents, type OrderSummary } from '@nestling/shared/contract/purchase';
import classes from './purchase.module.css';

/** Price, discount and total, exactly as the server computed them; nothing is added up here. */
export function OrderSummaryCard({
  summary,
  pending,
}: {
  summary: OrderSummary | null;
  pending: boolean;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="order-summary-title">
      <Title order={2} size="h3" id="order-summary-title" mb="sm">
        Order summary
      </Title>
      {summary === null ? (
        <Group gap="sm" role="status">
          {pending && <Loader size="sm" aria-hidden />}
          <Text>{pending ? 'Working out your total…' : 'Your total will show here.'}</Text>
        </Group>
      ) : (
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{summary.productName}</Table.Th>
              <Table.Td className={classes.amount}>
                {formatCents(summary.priceCents, summary.currency)}
              </Table.Td>
            </Table.Tr>
            {summary.discountCode !== null && (
              <Table.Tr>
                <Table.Th scope="row">Discount ({summary.discountCode})</Table.Th>
                <Table.Td className={classes.amount}>
                  −{formatCents(summary.discountCents, summary.currency)}
                </Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row" className={classes.total}>
                Total
              </Table.Th>
              <Table.Td className={`${classes.amount} ${classes.total}`}>
                {formatCents(summary.totalCents, summary.currency)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
