import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { HOME_LABEL } from './texts.ts';

/** The error pages' way out: a button that goes to '/'. */
export function HomeButton({ label = HOME_LABEL }: { label?: string | undefined }) {
  const navigate = useNavigate();
  return (
    <Button
      onClick={() => {
        void navigate({ to: '/' });
      }}
    >
      {label}
    </Button>
  );
}
