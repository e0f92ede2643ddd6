import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Drawer.css';
import { ActionIcon, Drawer, Group, Stack, UnstyledButton } from '@mantine/core';
import type { User } from '@nestling/shared/contract/user';
import {
  IconBrandBluesky,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconMail,
  IconWorld,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { useNavCurrent } from './nav-section.ts';
import { TEST_PLACES } from './portal-places.ts';
import classes from './layout.module.css';
import { socialLinks, type SocialLink } from './social-links.ts';

const SOCIAL_ICONS = {
  website: IconWorld,
  email: IconMail,
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  x: IconBrandX,
  linkedin: IconBrandLinkedin,
  youtube: IconBrandYoutube,
  tiktok: IconBrandTiktok,
  bluesky: IconBrandBluesky,
} as const satisfies Record<SocialLink['kind'], unknown>;

function SocialIcon({ kind }: { kind: SocialLink['kind'] }) {
  const Icon = SOCIAL_ICONS[kind];
  return <Icon size={22} aria-hidden />;
}

export interface MobileMenuDrawerProps {
  user: User;
  opened: boolean;
  close: () => void;
  onSignOut: () => void;
}

/**
 * The full-screen phone menu: sub-headings, the navigation's destinations, 'Account settings',
 * 'Log out' and the company's social icons. Loaded on first use (see mobile-menu.tsx).
 */
export default function MobileMenuDrawer({
  user,
  opened,
  close,
  onSignOut,
}: MobileMenuDrawerProps) {
  const { brand } = useRuntimeConfig();
  const navCurrent = useNavCurrent();
  return (
    <Drawer.Root opened={opened} onClose={close} size="100%" position="right" lockScroll={false}>
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's default <header>: the page already has its banner landmark. */}
        <Drawer.Header component="div">
          <Drawer.Title>Menu</Drawer.Title>
          <Drawer.CloseButton aria-label="Close menu" />
        </Drawer.Header>
        <Drawer.Body>
          <nav aria-label="Menu">
            <Stack gap="xl">
              <section aria-labelledby="menu-reports">
                <h3 id="menu-reports" className={classes.menuHeading}>
                  Reports
                </h3>
                <ul className={classes.menuSection}>
                  <li>
                    <Link
                      to="/reports"
                      className={classes.menuLink}
                      aria-current={navCurrent('reports')}
                      onClick={close}
                    >
                      Reports
                    </Link>
                  </li>
                  {user.enableDataPortal && (
                    <li>
                      <Link to="/my-data" className={classes.menuLink} onClick={close}>
                        My Data
                      </Link>
                    </li>
                  )}
                  {user.isAdminUser && (
                    <li>
                      <Link to="/admin" className={classes.menuLink} onClick={close}>
                        Admin
                      </Link>
                    </li>
                  )}
                </ul>
              </section>
              <section aria-labelledby="menu-tests">
                <h3 id="menu-tests" className={classes.menuHeading}>
                  Your tests
                </h3>
                <ul className={classes.menuSection}>
                  {TEST_PLACES.map((place) => (
                    <li key={place.to}>
                      <Link to={place.to} className={classes.menuLink} onClick={close}>
                        {place.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="menu-learn">
                <h3 id="menu-learn" className={classes.menuHeading}>
                  Learn
                </h3>
                <ul className={classes.menuSection}>
                  <li>
                    <Link to="/resources" className={classes.menuLink} onClick={close}>
                      Resources
                    </Link>
                  </li>
                  <li>
                    <Link
                      to="/resources/what-you-will-learn-from-your-report"
                      className={classes.menuLink}
                      onClick={close}
                    >
                      What you will learn from your report
                    </Link>
                  </li>
                  <li>
                    <Link
                      to="/resources/embryo-screening-guide"
                      className={classes.menuLink}
                      onClick={close}
                    >
                      Embryo screening guide
                    </Link>
                  </li>
                </ul>
              </section>
              <section aria-labelledby="menu-account">
                <h3 id="menu-account" className={classes.menuHeading}>
                  Account
                </h3>
                <ul className={classes.menuSection}>
                  <li>
                    <Link to="/account-settings" className={classes.menuLink} onClick={close}>
                      Account settings
                    </Link>
                  </li>
                  <li>
                    <UnstyledButton
                      className={classes.menuLink}
                      onClick={() => {
                        close();
                        onSignOut();
                      }}
                    >
                      Log out
                    </UnstyledButton>
                  </li>
                </ul>
              </section>
              <Group gap="sm">
                {socialLinks(brand).map((link) => (
                  <ActionIcon
                    key={link.kind}
                    component="a"
                    href={link.href}
                    aria-label={link.label}
                    variant="default"
                    size="xl"
                    radius="xl"
                    {...(link.kind === 'email'
                      ? {}
                      : { target: '_blank', rel: 'noopener noreferrer' })}
                  >
                    <SocialIcon kind={link.kind} />
                  </ActionIcon>
                ))}
              </Group>
            </Stack>
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
