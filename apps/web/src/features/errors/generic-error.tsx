import { Anchor, Stack, Text, Title } from '@mantine/core';
import { HomeButton } from './home-button.tsx';
import { ERROR_HEADING, ERROR_TEXT, REPORT_ISSUE_LABEL } from './texts.ts';

export interface GenericErrorProps {
  supportEmail: string;
  /** The button's label; 'Homepage' unless given. */
  homeLabel?: string | undefined;
}

/** The error page everyone but admins sees (spec sections 2 and 8). */
export function GenericError({ supportEmail, homeLabel }: GenericErrorProps) {
  return (
    <Stack align="flex-start" gap="md">
      <Title order={1}>{ERROR_HEADING}</Title>
      <Text size="lg">{ERROR_TEXT}</Text>
      <Anchor href={`mailto:${supportEmail}`}>{REPORT_ISSUE_LABEL}</Anchor>
      <HomeButton label={homeLabel} />
    </Stack>
  );
}
