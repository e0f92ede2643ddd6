import { useState } from 'react';
import { TextField, type TextFieldProps } from '../../ui/text-field.tsx';
import classes from './form-parts.module.css';

/**
 * A password input with a 'Show' / 'Hide' button, the same on sign-in and sign-up. Written here
 * rather than Mantine's PasswordInput, whose toggle is left out of the tab order and costs the
 * /signin budget; this button is reached with the keyboard like any other.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          className={classes.toggle}
          aria-label={shown ? 'Hide password' : 'Show password'}
          onClick={() => {
            setShown(!shown);
          }}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
