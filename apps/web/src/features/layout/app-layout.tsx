import type { User } from '@nestling/shared/contract/user';
import type { ReactNode } from 'react';
import classes from './layout.module.css';
import { LoadingShield } from './loading-shield.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

export interface AppLayoutProps {
  user: User | null | undefined;
  userLoading?: boolean;
  onSignOut: () => void;
  /** Shown above the header on every page (the impersonation and view-as bars). */
  notice?: ReactNode;
  children: ReactNode;
}

/** Every page's frame: skip link, header with navigation, main content, footer. */
export function AppLayout({
  user,
  userLoading = false,
  onSignOut,
  notice,
  children,
}: AppLayoutProps) {
  return (
    <div className={classes.page}>
      <SkipLink />
      {notice}
      <SiteHeader user={user} loading={userLoading} onSignOut={onSignOut} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <div className={classes.container}>{children}</div>
      </main>
      <SiteFooter />
      <LoadingShield />
    </div>
  );
}
