import { Button, Stack, Text, Title } from '@mantine/core';
import classes from '../features/layout/layout.module.css';

/** Shown instead of the portal when its settings (GET /api/config) cannot be loaded. */
export function StartupError() {
  return (
    <main className={classes.main}>
      <div className={classes.container}>
        <Stack align="flex-start" gap="md">
          <Title order={1}>The portal could not start</Title>
          <Text size="lg">
            We could not load the portal&apos;s settings. Please check your connection and reload
            the page in a moment.
          </Text>
          <Button
            onClick={() => {
              window.location.reload();
            }}
          >
            Reload the page
          </Button>
        </Stack>
      </div>
    </main>
  );
}
