import { describe, expect, it } from 'vitest';
import {
  embryoReportRoots,
  isDemoPath,
  isPublicPath,
  portalRoutes,
  publicRoutes,
} from './routes.ts';

describe('portalRoutes', () => {
  it('starts every route with a slash and has no trailing slash except the root', () => {
    for (const route of portalRoutes) {
      expect(route).toMatch(/^\//);
      if (route !== '/') expect(route).not.toMatch(/\/$/);
    }
  });

  it('has no duplicates', () => {
    expect(new Set(portalRoutes).size).toBe(portalRoutes.length);
  });

  it('includes both invite-accept routes with a sample id', () => {
    expect(portalRoutes.some((route) => /^\/invite\/accept\/[^/]+$/.test(route))).toBe(true);
    expect(portalRoutes.some((route) => /^\/saliva\/invite\/accept\/[^/]+$/.test(route))).toBe(
      true,
    );
  });

  it.each([
    '/signin',
    '/signup/step-1',
    '/403',
    '/demo-redirect',
    '/health-survey',
    '/purchase-30x',
    '/reports',
    '/my-data/new-import',
    '/resources/embryo-screening-guide',
  ])('includes %s', (route) => {
    expect(portalRoutes).toContain(route);
  });

  it.each(embryoReportRoots)('includes %s and each of its subpaths', (root) => {
    for (const sub of ['', '/overview', '/embryos/1', '/platinum', '/platinum/overview']) {
      expect(portalRoutes).toContain(`${root}${sub}`);
    }
  });

  it('has the spec embryo report roots, demo ones included', () => {
    expect(embryoReportRoots).toContain('/embryo-reports');
    expect(embryoReportRoots).toContain('/ruo-embryo-reports');
    expect(embryoReportRoots).toContain('/demo/embryo-reports');
    expect(embryoReportRoots.filter((root) => isDemoPath(root))).toHaveLength(4);
  });
});

describe('isDemoPath', () => {
  it.each(['/demo', '/demo/embryo-reports', '/demo/30x-embryo-reports/platinum/overview'])(
    'is true for %s',
    (path) => {
      expect(isDemoPath(path)).toBe(true);
    },
  );

  it.each(['/demo-redirect', '/embryo-reports', '/demos', '/', '', '/reports/demo', 'demo/x'])(
    'is false for %j',
    (path) => {
      expect(isDemoPath(path)).toBe(false);
    },
  );
});

describe('publicRoutes', () => {
  it('are pages of the portal', () => {
    for (const route of publicRoutes) expect(portalRoutes).toContain(route);
  });

  it('leave profile completion, settings and reports behind the gate', () => {
    for (const path of ['/signup/step-1', '/account-settings', '/reports', '/admin', '/']) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });

  it('treat a trailing slash like the path itself', () => {
    expect(isPublicPath('/signin/')).toBe(true);
    expect(isPublicPath('/terms')).toBe(true);
  });
});
