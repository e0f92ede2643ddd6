import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CARRIERS,
  CORRECTION_NEEDS_NOTE,
  ORDER_STAGE_LABELS,
  ORDER_STAGES,
  orderEventRequestSchema,
  type AdminOrder,
  type AdminOrdersQuery,
  type OrderEventRequest,
  type OrderStage,
} from '@nestling/shared/contract/order-tracker';
import { formatCents } from '@nestling/shared/contract/purchase';
import { formatUsDate } from '@nestling/shared/products';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import classes from './admin.module.css';
import { AdminFormActions } from './admin-form-actions.tsx';
import { fieldErrors, serverFieldError, type FieldErrors } from './admin-forms.ts';
import { adminErrorText } from './format.ts';
import { useAdminForm, type CheckedValues } from './use-admin-form.ts';
import {
  useAdminOrders,
  useExportOrders,
  useRecordOrderEvent,
  useRefundOrder,
} from './use-admin-orders.ts';

const STAGE_OPTIONS = ORDER_STAGES.map((stage) => ({
  value: stage,
  label: ORDER_STAGE_LABELS[stage],
}));

function asStage(value: string): OrderStage | undefined {
  return ORDER_STAGES.find((stage) => stage === value);
}

/** Says what a change did, in the order's status line. */
type Done = (message: string, order: AdminOrder) => void;

/** The field a failed tracker call is about: the one the contract names, or the note. */
function fieldOfRefusal(error: unknown) {
  return (
    serverFieldError(error) ??
    (error instanceof Error && error.message === CORRECTION_NEEDS_NOTE
      ? { field: 'note', message: CORRECTION_NEEDS_NOTE }
      : undefined)
  );
}

/** The shipment's body: a carrier and a tracking number, each named where it is missing. */
function checkShipment(values: {
  carrier: string;
  trackingNumber: string;
}): CheckedValues<OrderEventRequest> {
  const body = {
    stage: 'kit-shipped' as const,
    carrier: values.carrier === '' ? undefined : values.carrier,
    trackingNumber: values.trackingNumber.trim() === '' ? undefined : values.trackingNumber,
  };
  const errors = fieldErrors(orderEventRequestSchema, body);
  // A missing carrier is named at the carrier, not at the tracking number.
  if (body.carrier === undefined) errors.carrier = 'Choose a carrier';
  if (body.trackingNumber === undefined) errors.trackingNumber = 'Enter the tracking number';
  if (Object.keys(errors).length > 0) return { errors };
  return { body: orderEventRequestSchema.parse(body), errors };
}

/** Carrier and tracking number: moves the order to 'Kit shipped' and mails the patient. */
function ShipmentForm({ order, onDone }: { order: AdminOrder; onDone: Done }) {
  const record = useRecordOrderEvent();
  const form = useAdminForm({
    initialValues: { carrier: '', trackingNumber: '' },
    action: record,
    check: checkShipment,
    fieldOfRefusal,
  });
  const submit = form.onSubmit((body) => {
    record.mutate(
      { id: order.id, body },
      {
        onSuccess: (updated) => {
          onDone('Shipment recorded. The patient gets an email with the tracking number.', updated);
        },
      },
    );
  });

  return (
    <form aria-label="Record a shipment" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={4}>Record a shipment</Title>
        <Group align="flex-start" gap="sm">
          <NativeSelect
            label="Carrier"
            data={[{ value: '', label: 'Choose a carrier' }, ...CARRIERS]}
            {...form.field('carrier')}
            required
          />
          <TextInput
            label="Tracking number"
            {...form.field('trackingNumber')}
            required
            autoComplete="off"
          />
        </Group>
        <AdminFormActions form={form} submitLabel="Record shipment" />
      </Stack>
    </form>
  );
}

/** The stage to go back to, and why. */
function checkCorrection(values: {
  stage: string;
  note: string;
}): CheckedValues<OrderEventRequest> {
  const target = asStage(values.stage);
  const errors: FieldErrors = {};
  if (target === undefined) errors.stage = 'Choose the stage to go back to';
  if (values.note.trim() === '') errors.note = CORRECTION_NEEDS_NOTE;
  if (target === undefined || Object.keys(errors).length > 0) return { errors };
  return { body: { stage: target, note: values.note.trim() }, errors };
}

/** Going back a stage: which one, and why (staff see the note, the patient does not). */
function CorrectionForm({ order, onDone }: { order: AdminOrder; onDone: Done }) {
  const record = useRecordOrderEvent();
  const earlier = ORDER_STAGES.slice(0, ORDER_STAGES.indexOf(order.stage));
  const form = useAdminForm({
    initialValues: (): { stage: string; note: string } => ({
      stage: earlier.at(-1) ?? '',
      note: '',
    }),
    action: record,
    check: checkCorrection,
    fieldOfRefusal,
  });
  const submit = form.onSubmit((body) => {
    record.mutate(
      { id: order.id, body },
      {
        onSuccess: (updated) => {
          form.setValues((previous) => ({ ...previous, note: '' }));
          onDone(`The tracker is back at ${ORDER_STAGE_LABELS[body.stage]}.`, updated);
        },
      },
    );
  });

  return (
    <form aria-label="Correct the tracker" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={4}>Correct the tracker</Title>
        <NativeSelect
          label="Go back to"
          data={earlier.map((value) => ({ value, label: ORDER_STAGE_LABELS[value] }))}
          {...form.field('stage')}
          maw={320}
        />
        <Textarea
          label="Why"
          description="Seen by lab staff only."
          {...form.field('note')}
          required
          rows={2}
          maxLength={500}
        />
        <AdminFormActions form={form} submitLabel="Correct the tracker" submitVariant="outline" />
      </Stack>
    </form>
  );
}

/** One step forward, for every stage but the shipment (which needs its form). */
function AdvanceButton({ order, onDone }: { order: AdminOrder; onDone: Done }) {
  const record = useRecordOrderEvent();
  const next = ORDER_STAGES[ORDER_STAGES.indexOf(order.stage) + 1];
  if (next === undefined || next === 'kit-shipped') return null;
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        loading={record.isPending}
        onClick={() => {
          record.mutate(
            { id: order.id, body: { stage: next } },
            {
              onSuccess: (updated) => {
                onDone(`The order is now at ${ORDER_STAGE_LABELS[next]}.`, updated);
              },
            },
          );
        }}
      >
        Move to {ORDER_STAGE_LABELS[next]}
      </Button>
      {record.isError && (
        <Text c="red.9" role="alert">
          {adminErrorText(record.error)}
        </Text>
      )}
    </Stack>
  );
}

/** Refund, before the kit ships only, after a confirmation. */
function RefundAction({ order, onDone }: { order: AdminOrder; onDone: Done }) {
  const refund = useRefundOrder();
  const [confirming, setConfirming] = useState(false);
  if (order.stage !== 'ordered') {
    return (
      <Text size="sm">
        The kit has shipped, so this order cannot be refunded here. Refund it in the payment
        provider.
      </Text>
    );
  }
  const amount = formatCents(order.totalCents, order.currency);
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        color="red.9"
        variant="outline"
        onClick={() => {
          setConfirming(true);
        }}
      >
        Refund order
      </Button>
      {refund.isError && (
        <Text c="red.9" role="alert">
          {adminErrorText(refund.error)}
        </Text>
      )}
      <Modal
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={`Refund order ${order.number}?`}
        centered
      >
        <Stack gap="md">
          <Text>
            {amount} goes back to {order.buyer.email}’s card and the order will not ship. This
            cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Keep the order
            </Button>
            <Button
              color="red.9"
              loading={refund.isPending}
              onClick={() => {
                refund.mutate(order.id, {
                  onSuccess: (updated) => {
                    onDone(
                      `Order ${order.number} was refunded. The patient gets an email.`,
                      updated,
                    );
                  },
                  onSettled: () => {
                    setConfirming(false);
                  },
                });
              }}
            >
              Refund {amount}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The selected order: its facts and what staff can do with it. */
function OrderManager({
  order,
  onChanged,
  onClose,
}: {
  order: AdminOrder;
  /** The order as the server answered a change. */
  onChanged: (order: AdminOrder) => void;
  onClose: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const shipment = order.events.findLast((event) => event.stage === 'kit-shipped');
  const [message, setMessage] = useState('');
  const done: Done = (text, updated) => {
    setMessage(text);
    onChanged(updated);
  };
  // Selecting an order moves the focus to it, so keyboard and screen reader users land there.
  useEffect(() => {
    headingRef.current?.focus();
  }, [order.id]);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Title order={3} id={headingId} ref={headingRef} tabIndex={-1}>
            Order {order.number}
          </Title>
          <Button variant="subtle" size="xs" onClick={onClose}>
            Close
          </Button>
        </Group>
        <dl className={classes.facts}>
          <dt>Buyer</dt>
          <dd>
            {order.buyer.name} ({order.buyer.email})
          </dd>
          <dt>Product</dt>
          <dd>{order.productName}</dd>
          <dt>Status</dt>
          <dd>{order.status === 'refunded' ? 'Refunded' : 'Paid'}</dd>
          <dt>Stage</dt>
          <dd>{ORDER_STAGE_LABELS[order.stage]}</dd>
          <dt>Kits</dt>
          <dd>{order.kits.map((kit) => `${kit.id} (${kit.recipient})`).join(', ')}</dd>
          {shipment?.carrier != null && (
            <>
              <dt>Shipment</dt>
              <dd>
                {shipment.carrier} {shipment.trackingNumber}
              </dd>
            </>
          )}
        </dl>
        <Text role="status" fw={700} c="nestling.8">
          {message}
        </Text>
        {order.status === 'refunded' ? (
          <Text>This order has been refunded: its tracker no longer moves.</Text>
        ) : (
          <>
            {order.stage === 'ordered' && (
              <ShipmentForm key={order.id} order={order} onDone={done} />
            )}
            <AdvanceButton order={order} onDone={done} />
            {order.stage !== 'ordered' && (
              <CorrectionForm key={`${order.id}-${order.stage}`} order={order} onDone={done} />
            )}
            <RefundAction order={order} onDone={done} />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Orders: find, follow and move them along; refund before shipping; export as CSV. */
export function AdminOrders() {
  const [draft, setDraft] = useState<{ q: string; stage: string }>({ q: '', stage: '' });
  const [filters, setFilters] = useState<AdminOrdersQuery>({});
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const orders = useAdminOrders(filters);
  const exportCsv = useExportOrders();
  const headingId = useId();
  // The server's answer to the last change: it keeps the order open when the change moved it
  // out of the list's filter.
  const [changed, setChanged] = useState<AdminOrder | null>(null);
  const selected =
    orders.data?.orders.find((order) => order.id === selectedId) ??
    (changed?.id === selectedId ? changed : undefined);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = draft.q.trim();
    setFilters({
      ...(q === '' ? {} : { q }),
      ...(asStage(draft.stage) ? { stage: asStage(draft.stage) } : {}),
    });
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        Orders
      </Title>
      <form role="search" aria-label="Orders" onSubmit={onSubmit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Search by order number, kit id or email"
            type="search"
            value={draft.q}
            onChange={(event) => {
              setDraft({ ...draft, q: event.currentTarget.value });
            }}
            w={320}
            maw="100%"
          />
          <NativeSelect
            label="Stage"
            data={[{ value: '', label: 'All stages' }, ...STAGE_OPTIONS]}
            value={draft.stage}
            onChange={(event) => {
              setDraft({ ...draft, stage: event.currentTarget.value });
            }}
          />
          <Button type="submit">Search</Button>
          <Button
            variant="outline"
            loading={exportCsv.isPending}
            onClick={() => {
              exportCsv.mutate(filters);
            }}
          >
            Export CSV
          </Button>
        </Group>
      </form>
      {exportCsv.isError && (
        <Alert color="red" title="The CSV could not be exported" role="alert">
          {adminErrorText(exportCsv.error)}
        </Alert>
      )}
      {orders.isPending && <Loader size="sm" role="status" aria-label="Loading orders" />}
      {orders.isError && (
        <Alert color="red" title="Orders could not be loaded" role="alert">
          {adminErrorText(orders.error)}
        </Alert>
      )}
      {orders.data?.orders.length === 0 && <Text>No orders match.</Text>}
      {orders.data !== undefined && orders.data.orders.length > 0 && (
        <div className={classes.scroll} tabIndex={0} role="region" aria-label="Order list">
          <Table striped aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Order</Table.Th>
                <Table.Th scope="col">Buyer</Table.Th>
                <Table.Th scope="col">Product</Table.Th>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Total</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Stage</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.orders.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Td className={classes.nowrap}>{order.number}</Table.Td>
                  <Table.Td>{order.buyer.email}</Table.Td>
                  <Table.Td>{order.productName}</Table.Td>
                  <Table.Td>{formatUsDate(order.purchaseDate)}</Table.Td>
                  <Table.Td>{formatCents(order.totalCents, order.currency)}</Table.Td>
                  <Table.Td>{order.status === 'refunded' ? 'Refunded' : 'Paid'}</Table.Td>
                  <Table.Td>{ORDER_STAGE_LABELS[order.stage]}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Manage order ${order.number}`}
                      aria-pressed={order.id === selectedId}
                      onClick={() => {
                        setSelectedId(order.id);
                      }}
                    >
                      Manage
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {selected !== undefined && (
        <OrderManager
          // A new order starts with a clean status line.
          key={selected.id}
          order={selected}
          onChanged={setChanged}
          onClose={() => {
            setSelectedId(null);
          }}
        />
      )}
    </Stack>
  );
}
