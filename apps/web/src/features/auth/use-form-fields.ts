import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { afterPointerRelease } from '../../lib/after-pointer-release.ts';
import type * as z from 'zod/mini';

/** The first message a schema gives for a value, or undefined when the value is valid. */
export function schemaError(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues[0]?.message ?? 'Check this field';
}

export type FieldValues<K extends string> = Record<K, string>;
export type FieldValidators<K extends string> = Record<
  K,
  (value: string, values: FieldValues<K>) => string | undefined
>;

export interface FormFields<K extends string> {
  values: FieldValues<K>;
  errors: Partial<Record<K, string>>;
  setValue: (name: K, value: string) => void;
  /** Props for a text input: value, onChange, onBlur (validates) and error. */
  input: (name: K) => {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
    error: string | undefined;
  };
  /** Validates one field and shows its message. */
  validate: (name: K) => void;
  /** Validates every field; true when all are valid. Values are never cleared. */
  validateAll: () => boolean;
}

/**
 * Form state for the identity forms: every typed value is kept, a field is checked on blur and on
 * submit, and a shown message is re-checked as the person types (so it goes once fixed).
 */
export function useFormFields<K extends string>(
  initial: FieldValues<K>,
  validators: FieldValidators<K>,
): FormFields<K> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  // A check that waits for a click to finish must see the values that click set.
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  });

  const check = (name: K, all: FieldValues<K>) => {
    const message = validators[name](all[name], all);
    setErrors((current) => ({ ...current, [name]: message }));
  };

  const setValue = (name: K, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name] !== undefined) {
      setErrors({ ...errors, [name]: validators[name](value, next) });
    }
  };

  const validateAll = (): boolean => {
    const found: Partial<Record<K, string>> = {};
    let ok = true;
    for (const name of Object.keys(validators) as K[]) {
      const message = validators[name](values[name], values);
      found[name] = message;
      if (message !== undefined) ok = false;
    }
    setErrors(found);
    return ok;
  };

  return {
    values,
    errors,
    setValue,
    input: (name) => ({
      name,
      value: values[name],
      onChange: (event) => {
        setValue(name, event.currentTarget.value);
      },
      onBlur: () => {
        // Not while a press on another control is in progress: see afterPointerRelease.
        afterPointerRelease(() => {
          check(name, valuesRef.current);
        });
      },
      error: errors[name],
    }),
    validate: (name) => {
      check(name, values);
    },
    validateAll,
  };
}
