import { describe, expect, it } from 'vitest';
import { createPageViews } from './page-view.ts';

function tracker(impersonating = false) {
  let drawn = 0;
  return createPageViews({
    newId: () => {
      drawn += 1;
      return `view-${String(drawn)}`;
    },
    impersonating: () => impersonating,
  });
}

describe('page views', () => {
  it('names nothing for a person reading their own portal', () => {
    const headers = tracker();
    expect(headers({ pathname: '/reports', search: '' })).toEqual({});
    expect(headers({ pathname: '/reports', search: '?tab=joint' })).toEqual({});
  });

  it("keeps one id while staff stay on a patient's page, and draws a new one per page", () => {
    const headers = tracker();
    const joint = { pathname: '/reports/joint', search: '?as_user=demo-mother' };
    expect(headers(joint)).toEqual({ 'x-page-view': 'view-1', 'x-page-path': '/reports/joint' });
    // A refetch, or another section of the same page, is the same view.
    expect(headers({ ...joint, search: '?as_user=demo-mother&section=risks' })).toEqual({
      'x-page-view': 'view-1',
      'x-page-path': '/reports/joint',
    });
    expect(headers({ pathname: '/orders', search: '?as_user=demo-mother' })).toEqual({
      'x-page-view': 'view-2',
      'x-page-path': '/orders',
    });
    // Back to the first page: a new view; so is the same page of another patient.
    expect(headers(joint)['x-page-view']).toBe('view-3');
    expect(headers({ ...joint, search: '?email=father%40demo.test' })['x-page-view']).toBe(
      'view-4',
    );
  });

  it('names the page view while impersonating, with nothing in the address', () => {
    const headers = tracker(true);
    expect(headers({ pathname: '/', search: '' })).toEqual({
      'x-page-view': 'view-1',
      'x-page-path': '/',
    });
    expect(headers({ pathname: '/', search: '' })['x-page-view']).toBe('view-1');
  });
});
