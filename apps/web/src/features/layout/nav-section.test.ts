import { describe, expect, it } from 'vitest';
import { navSectionOf } from './nav-section.ts';

describe('navSectionOf', () => {
  it.each([
    ['/', 'reports'],
    ['/reports', 'reports'],
    ['/reports/joint', 'reports'],
    ['/embryo-reports/embryos/2', 'reports'],
    ['/demo/30x-embryo-reports/platinum', 'reports'],
    ['/individual-reports', 'reports'],
    ['/compare-embryos', 'reports'],
    ['/resources/embryo-screening-guide', 'resources'],
    ['/risk-calculator', 'resources'],
    ['/my-data/new-import', 'my-data'],
    ['/admin', 'admin'],
    ['/health-survey', 'tests'],
    ['/saliva/health-survey/mother', 'tests'],
    ['/order', 'tests'],
    ['/return-shipping', 'tests'],
    ['/schedule-appointment', 'tests'],
    ['/account-settings', 'account'],
  ])('puts %s under %s', (pathname, section) => {
    expect(navSectionOf(pathname)).toBe(section);
  });

  it('marks nothing for pages the navigation does not name, nor for look-alike addresses', () => {
    for (const pathname of ['/signin', '/terms', '/reportsx', '/my-database', '/ordered']) {
      expect(navSectionOf(pathname)).toBeNull();
    }
  });
});
