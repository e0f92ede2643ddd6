import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { US_STATES } from '@nestling/shared/contract/purchase';
import type { ReactNode } from 'react';
import type { BindField } from './field-binding.ts';
import classes from './purchase.module.css';

const STATE_OPTIONS = [
  { value: '', label: 'Choose a state' },
  ...US_STATES.map((code) => ({ value: code, label: code })),
];

/** A US shipping address: the name on the parcel, street, optional apartment, city, state, ZIP. */
export function AddressFields({
  who,
  legend,
  description,
  bind,
}: {
  who: 'buyer' | 'partner';
  legend: string;
  description?: ReactNode;
  bind: BindField;
}) {
  const autoComplete = (token: string) => `section-${who} shipping ${token}`;
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{legend}</legend>
      <Stack gap="sm">
        {description}
        <TextInput
          label="Name for the parcel"
          autoComplete={autoComplete('name')}
          required
          {...bind(`shipping.${who}.name`)}
        />
        <TextInput
          label="Street address"
          autoComplete={autoComplete('address-line1')}
          required
          {...bind(`shipping.${who}.line1`)}
        />
        <TextInput
          label="Apartment, suite or unit (optional)"
          autoComplete={autoComplete('address-line2')}
          {...bind(`shipping.${who}.line2`)}
        />
        <div className={classes.cityRow}>
          <TextInput
            label="City"
            autoComplete={autoComplete('address-level2')}
            required
            {...bind(`shipping.${who}.city`)}
          />
          <NativeSelect
            label="State"
            autoComplete={autoComplete('address-level1')}
            required
            data={STATE_OPTIONS}
            {...bind(`shipping.${who}.state`)}
          />
          <TextInput
            label="ZIP code"
            autoComplete={autoComplete('postal-code')}
            inputMode="numeric"
            required
            {...bind(`shipping.${who}.zip`)}
          />
        </div>
      </Stack>
    </fieldset>
  );
}
