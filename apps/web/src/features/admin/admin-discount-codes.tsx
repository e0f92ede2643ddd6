import '@mantine/core/styles/Switch.css';
import { Alert, Group, Radio, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import {
  DISCOUNT_CODE_TAKEN,
  discountCodeCreateSchema,
  formatCents,
  type DiscountCode,
  type DiscountCodeCreate,
} from '@nestling/shared/contract/purchase';
import { useId } from 'react';
import classes from './admin.module.css';
import { AdminFormActions } from './admin-form-actions.tsx';
import { dollarsToCents, endOfUsDay, fieldErrors, serverFieldError } from './admin-forms.ts';
import { adminErrorText, statusOf } from './format.ts';
import { useAdminForm, type CheckedValues } from './use-admin-form.ts';
import {
  useCreateDiscountCode,
  useDiscountCodes,
  useSetDiscountCodeActive,
} from './use-admin-orders.ts';

const EXPIRY_MESSAGE = 'Enter the date as MM/DD/YYYY';

function discountText(code: DiscountCode): string {
  if (code.percentOff !== null) return `${String(code.percentOff)}% off`;
  return `${formatCents(code.amountOffCents ?? 0)} off`;
}

function expiryText(iso: string | null): string {
  if (iso === null) return 'Never';
  return new Intl.DateTimeFormat('en-US').format(new Date(iso));
}

function usesText(code: DiscountCode): string {
  return code.maxRedemptions === null
    ? `${String(code.redemptions)} (no limit)`
    : `${String(code.redemptions)} of ${String(code.maxRedemptions)}`;
}

function ActiveSwitch({ code }: { code: DiscountCode }) {
  const setActive = useSetDiscountCodeActive();
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Switch
          aria-label={`${code.code} usable`}
          checked={code.active}
          disabled={setActive.isPending}
          onChange={(event) => {
            setActive.mutate({ code: code.code, active: event.currentTarget.checked });
          }}
        />
        <Text size="sm">{code.active ? 'On' : 'Off'}</Text>
      </Group>
      {setActive.isError && (
        <Text size="sm" c="red.9" role="alert">
          {adminErrorText(setActive.error)}
        </Text>
      )}
    </Stack>
  );
}

type Kind = 'percent' | 'amount';

/** The form's fields as typed: every one text but the kind of discount. */
interface CodeFields {
  code: string;
  kind: Kind;
  percentOff: string;
  amountOff: string;
  expires: string;
  maxRedemptions: string;
}

const EMPTY_CODE: CodeFields = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  expires: '',
  maxRedemptions: '',
};

/** The new code's body: a whole percentage or an amount in cents, the end of its last day. */
function checkCode(values: CodeFields): CheckedValues<DiscountCodeCreate> {
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const amountOffCents = values.kind === 'amount' ? dollarsToCents(values.amountOff) : undefined;
  const expiresAt = values.expires.trim() === '' ? undefined : endOfUsDay(values.expires);
  const body = {
    code: values.code,
    ...(values.kind === 'percent'
      ? { percentOff: whole(values.percentOff) }
      : { amountOffCents: amountOffCents ?? Number.NaN }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(values.maxRedemptions.trim() === ''
      ? {}
      : { maxRedemptions: whole(values.maxRedemptions) }),
  };
  const errors = fieldErrors(discountCodeCreateSchema, body);
  if (values.kind === 'percent' && !/^\d+$/.test(values.percentOff.trim())) {
    errors.percentOff = 'Give a whole percentage, like 15';
  }
  if (values.kind === 'amount' && amountOffCents === undefined) {
    errors.amountOffCents = 'Enter the amount in dollars, like 50 or 49.99';
  }
  if (values.expires.trim() !== '' && expiresAt === undefined) errors.expiresAt = EXPIRY_MESSAGE;
  if (values.maxRedemptions.trim() !== '' && !/^\d+$/.test(values.maxRedemptions.trim())) {
    errors.maxRedemptions = 'Give a whole number of uses';
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { body: discountCodeCreateSchema.parse(body), errors };
}

/** A taken code is refused at the code. */
function fieldOfRefusal(error: unknown) {
  return (
    serverFieldError(error) ??
    (statusOf(error) === 409 ? { field: 'code', message: DISCOUNT_CODE_TAKEN } : undefined)
  );
}

function CreateCodeForm() {
  const create = useCreateDiscountCode();
  const form = useAdminForm({
    initialValues: EMPTY_CODE,
    action: create,
    check: checkCode,
    fieldOfRefusal,
  });
  const submit = form.onSubmit((body) => {
    create.mutate(body, {
      onSuccess: () => {
        form.setValues((previous) => ({ ...EMPTY_CODE, kind: previous.kind }));
      },
    });
  });

  return (
    <form aria-label="New discount code" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3}>New discount code</Title>
        <TextInput
          label="Code"
          description="Letters, digits and dashes; patients may type it in any case."
          {...form.field('code')}
          required
          autoComplete="off"
          maw={320}
        />
        <Radio.Group
          label="Discount"
          value={form.values.kind}
          onChange={(kind) => {
            form.setValues((previous) => ({
              ...previous,
              kind: kind === 'amount' ? 'amount' : 'percent',
            }));
          }}
        >
          <Group gap="md" mt={4}>
            <Radio value="percent" label="A percentage off" />
            <Radio value="amount" label="An amount off" />
          </Group>
        </Radio.Group>
        {form.values.kind === 'percent' ? (
          <TextInput
            label="Percent off"
            inputMode="numeric"
            {...form.field('percentOff')}
            required
            maw={200}
          />
        ) : (
          <TextInput
            label="Amount off in US dollars"
            inputMode="decimal"
            {...form.field('amountOff')}
            error={form.errorOf('amountOffCents') ?? form.errorOf('percentOff')}
            required
            maw={200}
          />
        )}
        <TextInput
          label="Last day it works (optional)"
          description="MM/DD/YYYY. Leave empty for no end."
          {...form.field('expires', 'expiresAt')}
          maw={320}
        />
        <TextInput
          label="Most uses (optional)"
          description="How many paid orders may use it. Leave empty for no limit."
          inputMode="numeric"
          {...form.field('maxRedemptions')}
          maw={320}
        />
        <AdminFormActions form={form} submitLabel="Create code">
          <Text size="sm" role="status">
            {create.isSuccess ? `${create.data.code} was created.` : ''}
          </Text>
        </AdminFormActions>
      </Stack>
    </form>
  );
}

/** Discount codes: the list, each switched on or off, and a form for a new one. */
export function AdminDiscountCodes() {
  const codes = useDiscountCodes();
  const headingId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        Discount codes
      </Title>
      {codes.isPending && <Text role="status">Loading the discount codes…</Text>}
      {codes.isError && (
        <Alert color="red" title="The discount codes could not be loaded" role="alert">
          {adminErrorText(codes.error)}
        </Alert>
      )}
      {codes.data?.discountCodes.length === 0 && <Text>There are no discount codes yet.</Text>}
      {codes.data !== undefined && codes.data.discountCodes.length > 0 && (
        <div className={classes.scroll} tabIndex={0} role="region" aria-label="Discount code list">
          <Table striped aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col">Discount</Table.Th>
                <Table.Th scope="col">Last day</Table.Th>
                <Table.Th scope="col">Uses</Table.Th>
                <Table.Th scope="col">Usable</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.data.discountCodes.map((code) => (
                <Table.Tr key={code.code}>
                  <Table.Td>{code.code}</Table.Td>
                  <Table.Td>{discountText(code)}</Table.Td>
                  <Table.Td>{expiryText(code.expiresAt)}</Table.Td>
                  <Table.Td>{usesText(code)}</Table.Td>
                  <Table.Td>
                    <ActiveSwitch code={code} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <CreateCodeForm />
    </Stack>
  );
}
