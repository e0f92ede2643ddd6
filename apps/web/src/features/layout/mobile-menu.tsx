import type { User } from '@nestling/shared/contract/user';
import { lazy, Suspense, useCallback, useState } from 'react';
import { MenuIcon } from '../../ui/header-icons.tsx';
import classes from './layout.module.css';

// The drawer (with its focus trap, transitions and portal) is loaded when the menu is first
// opened, or when its button is hovered or focused, not with every page.
const loadDrawer = () => import('./mobile-menu-drawer.tsx');
const MobileMenuDrawer = lazy(loadDrawer);

/**
 * The phone navigation (spec section 2): a menu button that opens a full-screen menu with
 * sub-headings, the same destinations as the top navigation, 'Account settings', 'Log out' and
 * the company's social icons.
 */
export function MobileMenu({
  user,
  onSignOut,
  className,
}: {
  user: User;
  onSignOut: () => void;
  className?: string;
}) {
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => {
    setOpened(false);
  }, []);
  const [wanted, setWanted] = useState(false);
  const prepare = () => {
    void loadDrawer();
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setWanted(true);
          setOpened(!opened);
        }}
        onPointerEnter={prepare}
        onFocus={prepare}
        aria-label="Open menu"
        aria-expanded={opened}
        className={`${classes.iconButton} ${className ?? ''}`}
      >
        <MenuIcon size={22} />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuDrawer user={user} opened={opened} close={close} onSignOut={onSignOut} />
        </Suspense>
      )}
    </>
  );
}
