import { embryoReportRoots } from '@nestling/shared/routes';

/**
 * Where the full-screen loading shield covers navigation (spec section 2): report routes, data
 * import and export, and account settings.
 */
const SHIELDED_PATHS = new Set([
  '/individual',
  '/joint',
  '/embryos',
  '/couple-reports',
  '/compare-embryos',
  '/individual-reports',
  '/my-data/imports',
  '/my-data/new-import',
  '/my-data/exports',
  '/account-settings',
]);

/** These and everything under them (the embryo report roots include the demo reports). */
const SHIELDED_ROOTS: readonly string[] = ['/reports', ...embryoReportRoots];

export function isShieldedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (SHIELDED_PATHS.has(path)) return true;
  return SHIELDED_ROOTS.some((root) => path === root || path.startsWith(`${root}/`));
}
