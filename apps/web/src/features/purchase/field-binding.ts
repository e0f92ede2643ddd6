import type { ChangeEvent } from 'react';
import type { EntryField } from './saved-entries.ts';

/** The id of a field's input, for labels and the error summary's links. */
export function fieldId(field: EntryField): string {
  return `purchase-${field.replace(/\./g, '-')}`;
}

/** What a text input or select of the purchase form is given. */
export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  error: string | undefined;
}

export type BindField = (field: EntryField) => FieldProps;
