import { embryoReportRoots } from '@nestling/shared/routes';
import { useRouterState } from '@tanstack/react-router';
import { TEST_PLACE_PATHS } from './portal-places.ts';

/** The parts of the portal the top navigation names. */
export type NavSection = 'reports' | 'tests' | 'resources' | 'my-data' | 'admin' | 'account';

const REPORT_PATHS = [
  '/reports',
  ...embryoReportRoots,
  '/individual-reports',
  '/couple-reports',
  '/compare-embryos',
  '/joint',
  '/individual',
  '/embryos',
];

function within(pathname: string, root: string): boolean {
  return pathname === root || pathname.startsWith(`${root}/`);
}

/**
 * Which item of the top navigation a page belongs to, so the item stays marked on every page
 * under it (an embryo's page is under Reports though its address is not under /reports).
 * Null for pages the navigation does not name (sign-in, the test flows, the legal pages).
 */
export function navSectionOf(pathname: string): NavSection | null {
  if (pathname === '/' || REPORT_PATHS.some((root) => within(pathname, root))) return 'reports';
  if (TEST_PLACE_PATHS.some((root) => within(pathname, root))) return 'tests';
  if (within(pathname, '/resources') || within(pathname, '/risk-calculator')) return 'resources';
  if (within(pathname, '/my-data')) return 'my-data';
  if (within(pathname, '/admin')) return 'admin';
  if (within(pathname, '/account-settings')) return 'account';
  return null;
}

/**
 * `aria-current` for a navigation item: the router marks the item's own page ('page'); this
 * marks it 'true' on the other pages of its part of the portal.
 */
export function useNavCurrent(): (section: NavSection) => 'true' | undefined {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = navSectionOf(pathname);
  return (section) => (section === current ? 'true' : undefined);
}
