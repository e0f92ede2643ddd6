import { CONFIRMATION_MAIL_MESSAGE, EMAIL_CONFIRMED_MESSAGE } from '@nestling/shared/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { makeUser } from '../../test/fixtures.ts';
import { CONFIRMATION_POLL_MS, VerifyEmailView } from './verify-email-view.tsx';
import { pendingEmail } from './pending-email.ts';

describe('VerifyEmailView', () => {
  it('checks the email before resending', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderWithRouter(
      <VerifyEmailView oobCode={undefined} next={undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Resend confirmation link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('resends the link to the trimmed email and shows the answer', async () => {
    const user = userEvent.setup();
    const services = await renderWithRouter(
      <VerifyEmailView oobCode={undefined} next={undefined} />,
    );
    const calls = answerRoutes(services, {
      'GET /api/user/email': () => Response.json({ message: CONFIRMATION_MAIL_MESSAGE }),
    });
    await user.type(screen.getByLabelText(/^Email/), ' ada@demo.test ');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CONFIRMATION_MAIL_MESSAGE);
    expect(calls[0]?.url.searchParams.get('email')).toBe('ada@demo.test');
  });

  it("shows the server's error and keeps the email", async () => {
    const user = userEvent.setup();
    const services = await renderWithRouter(
      <VerifyEmailView oobCode={undefined} next={undefined} />,
    );
    answerRoutes(services, { 'GET /api/user/email': () => jsonError(500, 'boom') });
    await user.type(screen.getByLabelText(/^Email/), 'ada@demo.test');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@demo.test');
  });

  it('confirms the code once and continues to next when signed in', async () => {
    setAuthToken('tok');
    const services = createTestServices();
    const calls = answerRoutes(services, {
      'POST /api/user/email/confirm': () => Response.json({ message: EMAIL_CONFIRMED_MESSAGE }),
    });
    const { router } = await renderWithRouter(
      <VerifyEmailView oobCode="code-1" next="/reports" />,
      { path: '/verify-email', services },
    );
    await waitFor(() => {
      expect(router.state.location.href).toBe('/reports');
    });
    const confirms = calls.filter((call) => call.key === 'POST /api/user/email/confirm');
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.body).toEqual({ oobCode: 'code-1' });
  });

  it('sends a person who is not signed in to sign in, confirmed, carrying next and the address', async () => {
    const services = createTestServices();
    answerRoutes(services, {
      'POST /api/user/email/confirm': () =>
        Response.json({ message: EMAIL_CONFIRMED_MESSAGE, email: 'new@example.org' }),
    });
    const { router } = await renderWithRouter(
      <VerifyEmailView oobCode="code-1" next="/saliva/invite/accept/abc" />,
      { path: '/verify-email', services },
    );
    await waitFor(() => {
      expect(router.state.location.href).toBe(
        '/signin?next=%2Fsaliva%2Finvite%2Faccept%2Fabc&confirmed=true',
      );
    });
    // The address goes along in memory, never in the URL.
    expect(pendingEmail()).toBe('new@example.org');
  });

  it('explains a used or expired link and offers a new one', async () => {
    const services = createTestServices();
    answerRoutes(services, {
      'POST /api/user/email/confirm': () => jsonError(400, 'This link has expired or was used'),
    });
    await renderWithRouter(<VerifyEmailView oobCode="code-1" next={undefined} />, {
      path: '/verify-email',
      services,
    });
    expect(await screen.findByText('This link has expired or was used')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend confirmation link' })).toBeInTheDocument();
  });
});

describe('VerifyEmailView, signed in and waiting', () => {
  it('carries on to next by itself once the email is confirmed elsewhere', async () => {
    setAuthToken('unconfirmed-user-token');
    let verified = false;
    const services = createTestServices();
    answerRoutes(services, {
      'GET /api/user/me': () => Response.json(makeUser({ emailVerified: verified })),
    });
    const { router } = await renderWithRouter(
      <VerifyEmailView oobCode={undefined} next="/reports" />,
      { path: '/verify-email?next=%2Freports', services },
    );
    await screen.findByDisplayValue('ada@demo.test');
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(
      screen.getByText('Once you have opened the link, this page carries on by itself.'),
    ).toBeVisible();

    // The link is opened in another tab; the next look finds the email confirmed.
    verified = true;
    await waitFor(
      () => {
        expect(router.state.location.href).toBe('/reports');
      },
      { timeout: CONFIRMATION_POLL_MS + 3000 },
    );
  });
});
