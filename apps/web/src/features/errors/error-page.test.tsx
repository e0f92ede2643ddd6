import { DEBUG_COUNTDOWN_SECONDS } from '@nestling/shared/constants';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { ErrorPage } from './error-page.tsx';

const HEADING = 'Ooooooops... An unexpected error has occurred...';
const TEXT = 'We are sorry but we have an encountered an unexpected error. Please try again soon.';

describe('ErrorPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the spec's texts, a support link and a Homepage button", async () => {
    const { router } = await renderWithRouter(<ErrorPage error={new Error('boom')} />, {
      path: '/reports',
    });
    expect(screen.getByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Click here to report an issue' })).toHaveAttribute(
      'href',
      'mailto:support@nestling.health',
    );
    expect(screen.queryByText('boom')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Homepage' }));
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it('takes another label for the button', async () => {
    await renderWithRouter(<ErrorPage homeLabel="Back to reports" />);
    expect(screen.getByRole('button', { name: 'Back to reports' })).toBeInTheDocument();
  });

  it('ordinary users never see the debug page', async () => {
    await renderWithRouter(<ErrorPage user={makeUser()} reportEmail="other@demo.test" />);
    expect(screen.getByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    expect(screen.queryByText('Server error')).toBeNull();
    expect(screen.queryByText('other@demo.test')).toBeNull();
  });

  it(`admins get the debug page, counting down from ${DEBUG_COUNTDOWN_SECONDS} s`, async () => {
    vi.useFakeTimers();
    const admin = makeUser({ isAdminUser: true, email: 'admin@nestling.health' });
    await act(async () => {
      await renderWithRouter(
        <ErrorPage
          user={admin}
          reportEmail="mother@demo.test"
          error={new Error('Report missing')}
        />,
      );
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Server error' })).toBeInTheDocument();
    expect(screen.getByText('admin@nestling.health')).toBeInTheDocument();
    expect(screen.getByText('mother@demo.test')).toBeInTheDocument();
    expect(screen.getByText('Report missing')).toBeInTheDocument();
    expect(screen.getByRole('timer').textContent).toBe('15');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer').textContent).toBe('14');

    act(() => {
      vi.advanceTimersByTime(13_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('1');
    expect(screen.queryByText('Web cloud logs are disabled for now')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Web cloud logs are disabled for now');

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Web cloud logs are disabled for now');
  });

  it('the debug page leaves out the report email when none was asked for', async () => {
    await renderWithRouter(<ErrorPage user={makeUser({ isAdminUser: true })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Server error' })).toBeInTheDocument();
    expect(screen.queryByText(/Requested report/)).toBeNull();
  });
});
