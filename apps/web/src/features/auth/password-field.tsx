import { TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

/**
 * A password input with a 'Show' / 'Hide' button, the same on sign-in and sign-up. Written here
 * rather than Mantine's PasswordInput, whose toggle costs 1.9 kB of the /signin budget and is
 * left out of the tab order; this button is reached with the keyboard like any other.
 */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'rightSection'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      {...props}
      type={shown ? 'text' : 'password'}
      rightSectionWidth={64}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          type="button"
          aria-label={shown ? 'Hide password' : 'Show password'}
          onClick={() => {
            setShown(!shown);
          }}
          fz="sm"
          fw={600}
          c="nestling.7"
          px="xs"
          td="underline"
        >
          {shown ? 'Hide' : 'Show'}
        </UnstyledButton>
      }
    />
  );
}
