import { LOADING_SHIELD_FADE_MS } from '@nestling/shared/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingShieldOverlay } from './loading-shield.tsx';
import { isShieldedPath } from './shielded-routes.ts';

describe('isShieldedPath', () => {
  it.each([
    '/reports',
    '/reports/joint',
    '/reports/embryo',
    '/individual',
    '/joint',
    '/embryos',
    '/embryo-reports',
    '/embryo-reports/embryos/2',
    '/embryo-reports/platinum/overview',
    '/couple-reports',
    '/compare-embryos',
    '/ruo-embryo-reports',
    '/ruo-embryo-reports/overview',
    '/individual-reports',
    '/demo/embryo-reports',
    '/demo/5x-embryo-reports/platinum',
    '/my-data/imports',
    '/my-data/new-import',
    '/my-data/exports',
    '/account-settings',
    '/account-settings/',
  ])('covers %s', (path) => {
    expect(isShieldedPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/signin',
    '/terms',
    '/my-data',
    '/resources',
    '/reportsx',
    '/embryos-guide',
    '/demo',
    '/demo-redirect',
    '/individual-purchase',
    '/health-survey',
  ])('leaves %s alone', (path) => {
    expect(isShieldedPath(path)).toBe(false);
  });
});

describe('LoadingShieldOverlay', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a status region saying Loading…', () => {
    render(<LoadingShieldOverlay active />);
    const shield = screen.getByRole('status');
    expect(shield).toHaveTextContent('Loading…');
    expect(shield).toHaveAttribute('aria-live', 'polite');
    expect(shield).toHaveAttribute('data-state', 'visible');
  });

  it('is not there when inactive', () => {
    render(<LoadingShieldOverlay active={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it(`fades out over ${LOADING_SHIELD_FADE_MS} ms, then goes`, () => {
    expect(LOADING_SHIELD_FADE_MS).toBe(600);
    vi.useFakeTimers();
    const { rerender } = render(<LoadingShieldOverlay active />);
    const shield = screen.getByRole('status');
    expect(shield.style.transitionDuration).toBe('600ms');

    rerender(<LoadingShieldOverlay active={false} />);
    expect(shield).toHaveAttribute('data-state', 'fading');

    act(() => {
      vi.advanceTimersByTime(599);
    });
    expect(screen.getByRole('status')).toBe(shield);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('comes back at full strength if loading starts again while fading', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LoadingShieldOverlay active />);
    rerender(<LoadingShieldOverlay active={false} />);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    rerender(<LoadingShieldOverlay active />);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'visible');
  });
});
