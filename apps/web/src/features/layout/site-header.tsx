import type { User } from '@nestling/shared/contract/user';
import { Link } from '@tanstack/react-router';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { LogoutIcon } from '../../ui/header-icons.tsx';
import { accountLabel } from './account-label.ts';
import classes from './layout.module.css';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { TestsMenu } from './tests-menu.tsx';
import { useNavCurrent } from './nav-section.ts';

export interface SiteHeaderProps {
  /** The signed-in user, or null/undefined when nobody is signed in. */
  user: User | null | undefined;
  /** True while the signed-in user is still loading: only the logo is shown. */
  loading?: boolean;
  onSignOut: () => void;
}

/**
 * The top navigation of spec section 2: logo home, Reports, Resources, My Data (only with
 * enableDataPortal), the user's name or 'My Account' to account settings, and a sign-out icon;
 * with 'Your tests' after Reports, reaching every page of a test (ADR 043).
 * Signed out, it shows the logo and 'Sign in'. Phones get a menu button instead.
 */
export function SiteHeader({ user, loading = false, onSignOut }: SiteHeaderProps) {
  const { brand } = useRuntimeConfig();
  const navCurrent = useNavCurrent();

  return (
    <header className={classes.header}>
      <div className={`${classes.container} ${classes.bar}`}>
        <Logo productName={brand.productName} logoUrl={brand.logoUrl} />
        {user ? (
          <>
            <nav aria-label="Main" className="desktop-only">
              <ul className={classes.navList}>
                <li>
                  <Link
                    to="/reports"
                    className={classes.navLink}
                    aria-current={navCurrent('reports')}
                  >
                    Reports
                  </Link>
                </li>
                <TestsMenu current={navCurrent('tests')} />
                <li>
                  <Link
                    to="/resources"
                    className={classes.navLink}
                    aria-current={navCurrent('resources')}
                  >
                    Resources
                  </Link>
                </li>
                {user.enableDataPortal && (
                  <li>
                    <Link
                      to="/my-data"
                      className={classes.navLink}
                      aria-current={navCurrent('my-data')}
                    >
                      My Data
                    </Link>
                  </li>
                )}
                {user.isAdminUser && (
                  <li>
                    <Link
                      to="/admin"
                      className={classes.navLink}
                      aria-current={navCurrent('admin')}
                    >
                      Admin
                    </Link>
                  </li>
                )}
                <li>
                  <Link
                    to="/account-settings"
                    className={classes.navLink}
                    aria-current={navCurrent('account')}
                  >
                    {accountLabel(user)}
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    className={classes.iconButton}
                    aria-label="Sign out"
                    title="Sign out"
                    onClick={onSignOut}
                  >
                    <LogoutIcon size={20} />
                  </button>
                </li>
              </ul>
            </nav>
            <MobileMenu user={user} onSignOut={onSignOut} className="phone-only" />
          </>
        ) : (
          !loading && (
            <nav aria-label="Main">
              <ul className={classes.navList}>
                <li>
                  <Link to="/signin" className={classes.navLink}>
                    Sign in
                  </Link>
                </li>
              </ul>
            </nav>
          )
        )}
      </div>
    </header>
  );
}
