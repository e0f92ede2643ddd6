import { Loader, Stack, Text } from '@mantine/core';
import { NOT_WHILE_IMPERSONATING } from '@nestling/shared/contract/auth';
import type { CurrentUser, User } from '@nestling/shared/contract/user';
import { FormError } from '../auth/index.ts';
import { useCurrentUser } from '../session/index.ts';
import { AccessLogSection } from './access-log-section.tsx';
import { AccountSection } from './account-section.tsx';
import { DevicesSection } from './devices-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { ProfileSection } from './profile-section.tsx';

/** An admin impersonating the person may not change anything of theirs (the server agrees). */
function isImpersonated(user: User | CurrentUser): boolean {
  return 'impersonatedBy' in user && user.impersonatedBy != null;
}

function OwnerOnly() {
  return <Text>{NOT_WHILE_IMPERSONATING} This part is not available now.</Text>;
}

/**
 * /account-settings: the profile, the password, the email, the signed-in devices, who has seen
 * the person's data, and their data rights (download, research consent, deleting the account).
 */
export function AccountSettings() {
  const user = useCurrentUser();
  if (user.isLoading) return <Loader size="sm" role="status" aria-label="Loading" />;
  if (user.isError) return <FormError error={user.error} />;
  if (user.data === undefined) return null;

  const impersonated = isImpersonated(user.data);
  return (
    <Stack gap="xl">
      <AccountSection title="Profile">
        <ProfileSection key={user.data.id} user={user.data} readOnly={impersonated} />
      </AccountSection>
      <AccountSection title="Password">
        {impersonated ? <OwnerOnly /> : <PasswordSection email={user.data.email} />}
      </AccountSection>
      <AccountSection title="Email">
        {impersonated ? <OwnerOnly /> : <EmailSection email={user.data.email} />}
      </AccountSection>
      <AccountSection title="Signed-in devices">
        <DevicesSection impersonated={impersonated} />
      </AccountSection>
      <AccountSection title="Who has seen your data">
        <AccessLogSection />
      </AccountSection>
      <AccountSection title="Your data and privacy">
        <PrivacySection readOnly={impersonated} />
      </AccountSection>
    </Stack>
  );
}
