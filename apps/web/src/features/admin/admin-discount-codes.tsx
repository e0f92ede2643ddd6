import '@mantine/core/styles/Switch.css';
import {
  Alert,
  Button,
  Group,
  Radio,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DISCOUNT_CODE_TAKEN,
  discountCodeCreateSchema,
  formatCents,
  type DiscountCode,
} from '@nestling/shared/contract/purchase';
import { useId, useState, type SubmitEvent } from 'react';
import classes from './admin.module.css';
import {
  dollarsToCents,
  endOfUsDay,
  fieldErrors,
  serverFieldError,
  type FieldErrors,
} from './admin-forms.ts';
import { adminErrorText, statusOf } from './format.ts';
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

function CreateCodeForm() {
  const create = useCreateDiscountCode();
  const [values, setValues] = useState({
    code: '',
    kind: 'percent' as Kind,
    percentOff: '',
    amountOff: '',
    expires: '',
    maxRedemptions: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
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
    Object.assign(found, fieldErrors(discountCodeCreateSchema, body));
    if (values.kind === 'percent' && !/^\d+$/.test(values.percentOff.trim())) {
      found.percentOff = 'Give a whole percentage, like 15';
    }
    if (values.kind === 'amount' && amountOffCents === undefined) {
      found.amountOffCents = 'Enter the amount in dollars, like 50 or 49.99';
    }
    if (values.expires.trim() !== '' && expiresAt === undefined) found.expiresAt = EXPIRY_MESSAGE;
    if (values.maxRedemptions.trim() !== '' && !/^\d+$/.test(values.maxRedemptions.trim())) {
      found.maxRedemptions = 'Give a whole number of uses';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(discountCodeCreateSchema.parse(body), {
      onSuccess: () => {
        setValues({
          ...values,
          code: '',
          percentOff: '',
          amountOff: '',
          expires: '',
          maxRedemptions: '',
        });
      },
      onError: (error) => {
        const field = serverFieldError(error);
        if (field !== undefined) setErrors({ [field.field]: field.message });
        else if (statusOf(error) === 409) setErrors({ code: DISCOUNT_CODE_TAKEN });
        else setErrors({ form: adminErrorText(error) });
      },
    });
  };

  const set = (name: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    setValues({ ...values, [name]: event.currentTarget.value });
  };

  return (
    <form aria-label="New discount code" onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={3}>New discount code</Title>
        <TextInput
          label="Code"
          description="Letters, digits and dashes; patients may type it in any case."
          value={values.code}
          onChange={set('code')}
          error={errors.code}
          required
          autoComplete="off"
          maw={320}
        />
        <Radio.Group
          label="Discount"
          value={values.kind}
          onChange={(kind) => {
            setValues({ ...values, kind: kind === 'amount' ? 'amount' : 'percent' });
          }}
        >
          <Group gap="md" mt={4}>
            <Radio value="percent" label="A percentage off" />
            <Radio value="amount" label="An amount off" />
          </Group>
        </Radio.Group>
        {values.kind === 'percent' ? (
          <TextInput
            label="Percent off"
            inputMode="numeric"
            value={values.percentOff}
            onChange={set('percentOff')}
            error={errors.percentOff}
            required
            maw={200}
          />
        ) : (
          <TextInput
            label="Amount off in US dollars"
            inputMode="decimal"
            value={values.amountOff}
            onChange={set('amountOff')}
            error={errors.amountOffCents ?? errors.percentOff}
            required
            maw={200}
          />
        )}
        <TextInput
          label="Last day it works (optional)"
          description="MM/DD/YYYY. Leave empty for no end."
          value={values.expires}
          onChange={set('expires')}
          error={errors.expiresAt}
          maw={320}
        />
        <TextInput
          label="Most uses (optional)"
          description="How many paid orders may use it. Leave empty for no limit."
          inputMode="numeric"
          value={values.maxRedemptions}
          onChange={set('maxRedemptions')}
          error={errors.maxRedemptions}
          maw={320}
        />
        {errors.form !== undefined && (
          <Text c="red.9" role="alert">
            {errors.form}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create code
          </Button>
          <Text size="sm" role="status">
            {create.isSuccess ? `${create.data.code} was created.` : ''}
          </Text>
        </Group>
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
