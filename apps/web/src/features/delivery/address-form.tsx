import { Alert, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { DeliveryKit } from '@nestling/shared/contract/kits';
import {
  US_STATES,
  shippingAddressSchema,
  type ShippingAddress,
} from '@nestling/shared/contract/purchase';
import { useState, type SubmitEvent } from 'react';
import { ApiError } from '../../lib/api.ts';
import classes from './delivery.module.css';
import { useChangeAddress } from './use-deliveries.ts';

const FIELDS = ['name', 'line1', 'line2', 'city', 'state', 'zip'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const STATE_OPTIONS = [
  { value: '', label: 'Choose a state' },
  ...US_STATES.map((code) => ({ value: code, label: code })),
];

function valuesOf(address: ShippingAddress): Values {
  return { ...address, line2: address.line2 ?? '' };
}

/** The form's values as the request, or a message per field the shared schema refuses. */
export function checkAddress(
  values: Values,
): { ok: true; address: ShippingAddress } | { ok: false; errors: Errors } {
  const parsed = shippingAddressSchema.safeParse({
    ...values,
    ...(values.line2.trim() === '' ? { line2: undefined } : {}),
  });
  if (parsed.success) return { ok: true, address: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field !== undefined && FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * The server's refusal: field messages ('Invalid request: body.zip: Enter a ZIP…; …') go to
 * their fields; anything else (the kit shipped meanwhile, 409) to the top of the form.
 */
export function refusalOf(error: unknown): { fields: Errors; general: string | null } {
  if (!(error instanceof ApiError))
    return { fields: {}, general: 'Something went wrong. Please try again.' };
  if (error.status === 0) {
    return {
      fields: {},
      general: 'We could not reach the portal. Check your connection and try again.',
    };
  }
  if (error.status >= 500) {
    return {
      fields: {},
      general: 'Something went wrong on our side. Please try again in a moment.',
    };
  }
  const prefix = 'Invalid request: ';
  if (!error.message.startsWith(prefix)) return { fields: {}, general: error.message };
  const fields: Errors = {};
  const rest: string[] = [];
  for (const part of error.message.slice(prefix.length).split('; ')) {
    const match = /^body\.(\w+): (.+)$/.exec(part);
    const field = match?.[1] as Field | undefined;
    if (match?.[2] !== undefined && field !== undefined && FIELDS.includes(field)) {
      fields[field] ??= match[2];
    } else {
      rest.push(match?.[2] ?? part);
    }
  }
  return { fields, general: rest.length === 0 ? null : rest.join(' ') };
}

/**
 * The kit's address, to change before it ships. Checked here with the contract's own schema
 * and again by the server; a refusal keeps everything typed and names the field it is about.
 */
export function AddressForm({
  kit,
  title,
  onSaved,
  onCancel,
}: {
  kit: DeliveryKit;
  /** Whose kit, for the field group's name. */
  title: string;
  onSaved: (kit: DeliveryKit) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(kit.shippingAddress));
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const change = useChangeAddress();
  const id = (field: Field) => `kit-${kit.id}-${field}`;

  const bind = (field: Field) => ({
    id: id(field),
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      // A message already shown is checked again as the person types, so it goes once fixed.
      if (errors[field] !== undefined) {
        const checked = checkAddress({ ...values, [field]: value });
        setErrors((current) => ({
          ...current,
          [field]: checked.ok ? undefined : checked.errors[field],
        }));
      }
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(null);
    const checked = checkAddress(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELDS.find((field) => checked.errors[field] !== undefined);
      if (first !== undefined) document.getElementById(id(first))?.focus();
      return;
    }
    setErrors({});
    change.mutate(
      { kitId: kit.id, address: checked.address },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const refusal = refusalOf(error);
          setErrors(refusal.fields);
          setGeneral(refusal.general);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Change the address of ${title.toLowerCase()}`}>
      <Stack gap="sm">
        {general !== null && (
          <Alert color="red" title="The address was not saved" role="alert">
            {general}
          </Alert>
        )}
        <TextInput
          label="Name for the parcel"
          autoComplete="shipping name"
          required
          {...bind('name')}
        />
        <TextInput
          label="Street address"
          autoComplete="shipping address-line1"
          required
          {...bind('line1')}
        />
        <TextInput
          label="Apartment, suite or unit (optional)"
          autoComplete="shipping address-line2"
          {...bind('line2')}
        />
        <div className={classes.cityRow}>
          <TextInput
            label="City"
            autoComplete="shipping address-level2"
            required
            {...bind('city')}
          />
          <NativeSelect
            label="State"
            autoComplete="shipping address-level1"
            required
            data={STATE_OPTIONS}
            {...bind('state')}
          />
          <TextInput
            label="ZIP code"
            autoComplete="shipping postal-code"
            inputMode="numeric"
            required
            {...bind('zip')}
          />
        </div>
        <Group gap="sm">
          <Button type="submit" loading={change.isPending}>
            Save address
          </Button>
          <Button type="button" variant="default" onClick={onCancel} disabled={change.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
