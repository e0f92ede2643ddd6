import { Text } from '@mantine/core';
import { fullName } from '@nestling/shared/rules';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import classes from './admin.module.css';
import { adminErrorText } from './format.ts';
import { useViewAsUser } from './use-view-as-user.ts';

/**
 * On every page while an admin views the portal as someone (?as_user= or ?email=): whose
 * portal this is, and a link back to the admin's own that drops the parameters.
 */
export function ViewAsBar({ asUser }: { asUser: string }) {
  const { user, error } = useViewAsUser(asUser);
  let text = `Loading the portal of ${asUser}…`;
  if (user !== undefined)
    text = `Viewing the portal as ${fullName(user) ?? user.email} (${user.email})`;
  else if (error !== undefined)
    text = `Could not view the portal as ${asUser}: ${adminErrorText(error)}`;

  return (
    <section aria-label="Viewing as" className={classes.notice}>
      <div className={classes.noticeBar}>
        <Text fw={600} role={error === undefined ? undefined : 'alert'}>
          {text}
        </Text>
        <AnchorLink
          to="."
          search={(previous) => ({ ...previous, as_user: undefined, email: undefined })}
          className={classes.noticeLink}
        >
          Back to my portal
        </AnchorLink>
      </div>
    </section>
  );
}
