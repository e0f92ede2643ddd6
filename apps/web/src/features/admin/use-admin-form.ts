import { useState, type SubmitEvent } from 'react';
import { serverFieldError, type FieldErrors } from './admin-forms.ts';
import { adminErrorText } from './format.ts';

/*
 * One admin form's values and messages: what the contract refuses before sending, at its field;
 * the server's refusal of one field, at that field; any other refusal, for the alert above the
 * buttons (AdminFormActions).
 */

/** What a form's values make: the request body when they are valid, and what is wrong. */
export interface CheckedValues<Body> {
  body?: Body | undefined;
  /** By field; '' for a rule of the whole form, which no one field shows. */
  errors: FieldErrors;
}

/** The call that saves the form, as TanStack Query's useMutation answers it. */
interface SaveAction {
  isError: boolean;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/** What AdminFormActions shows of a form: whether it is saving, and why it was not saved. */
export interface AdminFormState {
  isPending: boolean;
  formError: string | undefined;
}

/** The fields that hold any value of type Value: any text for an input, true or false for a box. */
type FieldOf<Values, Value> = {
  // In brackets, so that boolean is taken whole rather than as true and false apart.
  [K in keyof Values]: [Value] extends [Values[K]]
    ? [Values[K]] extends [Value]
      ? K
      : never
    : never;
}[keyof Values];

export function useAdminForm<Values, Body>({
  initialValues,
  action,
  check,
  fieldOfRefusal = serverFieldError,
}: {
  initialValues: Values | (() => Values);
  action: SaveAction;
  /** Builds the body from the values and finds what is wrong, before anything is sent. */
  check: (values: Values) => CheckedValues<Body>;
  /** The field a server refusal is about, if any; by default the contract's 'body.field: …'. */
  fieldOfRefusal?: (error: unknown) => { field: string; message: string } | undefined;
}) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const refusal = action.isError ? fieldOfRefusal(action.error) : undefined;

  const errorOf = (field: string): string | undefined =>
    errors[field] ?? (refusal?.field === field ? refusal.message : undefined);

  return {
    values,
    setValues,
    errorOf,
    /** An input's value, message and change; `errorField` where the body names it otherwise. */
    field: (name: FieldOf<Values, string>, errorField: string = String(name)) => ({
      // FieldOf names only the fields that hold text.
      value: values[name] as string,
      error: errorOf(errorField),
      onChange: (event: { currentTarget: { value: string } }) => {
        const value = event.currentTarget.value;
        setValues((previous) => ({ ...previous, [name]: value }));
      },
    }),
    /** A checkbox's state and change. */
    checkbox: (name: FieldOf<Values, boolean>) => ({
      checked: values[name] as boolean,
      onChange: (event: { currentTarget: { checked: boolean } }) => {
        const checked = event.currentTarget.checked;
        setValues((previous) => ({ ...previous, [name]: checked }));
      },
    }),
    /** Why the form was not saved, when no one field says it. */
    formError:
      errors[''] ??
      (action.isError && refusal === undefined ? adminErrorText(action.error) : undefined),
    isPending: action.isPending,
    clearErrors: () => {
      setErrors({});
    },
    /** Sends the body the values make, unless something is wrong with them. */
    onSubmit: (send: (body: Body) => void) => (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      // What the last refusal said was about the values then: each try answers for itself.
      action.reset();
      const { body, errors: found } = check(values);
      setErrors(found);
      if (body === undefined || Object.keys(found).length > 0) return;
      send(body);
    },
  };
}
