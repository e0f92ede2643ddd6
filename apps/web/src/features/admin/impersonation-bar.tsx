import { Button, Text } from '@mantine/core';
import type { CurrentUser } from '@nestling/shared/contract/user';
import { fullName } from '@nestling/shared/rules';
import classes from './admin.module.css';
import { adminErrorText } from './format.ts';
import { useReturnToAdmin } from './use-return-to-admin.ts';

/** On every page while a primary admin impersonates a patient, with the way back. */
export function ImpersonationBar({ user }: { user: CurrentUser }) {
  const back = useReturnToAdmin();
  const name = fullName(user) ?? user.email;
  return (
    <section aria-label="Impersonation" className={classes.notice}>
      <div className={classes.noticeBar}>
        <Text fw={600}>{`You are signed in as ${name} (${user.email})`}</Text>
        <Button
          size="xs"
          loading={back.pending}
          onClick={() => {
            void back.returnToAdmin();
          }}
        >
          Return to my account
        </Button>
      </div>
      {back.error !== null && (
        <Text role="alert" className={classes.noticeBar} fw={600}>
          {adminErrorText(back.error)}
        </Text>
      )}
    </section>
  );
}
