import { AUTH_COOKIE_NAME } from '@nestling/shared/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { rememberPendingEmail } from './pending-email.ts';
import { SignInForm } from './sign-in-form.tsx';

async function setup(next?: string) {
  const user = userEvent.setup();
  const rendered = await renderWithRouter(<SignInForm next={next} />, { path: '/signin' });
  return { user, ...rendered };
}

describe('SignInForm', () => {
  it('has labeled fields and the links to reset and sign up', async () => {
    await setup();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('shows and hides the password with a button reached by keyboard, as sign-up does', async () => {
    const { user } = await setup();
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'secret-words');
    expect(password).toHaveAttribute('type', 'password');
    await user.tab();
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('secret-words');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows required-field messages on submit and sends nothing', async () => {
    const { user, fetch } = await setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the email on blur, and clears the message once fixed', async () => {
    const { user } = await setup();
    const email = screen.getByLabelText(/^Email/);
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.clear(email);
    await user.type(email, 'ada@demo.test');
    await waitFor(() => {
      expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument();
    });
  });

  it("shows the server's error and keeps what was typed", async () => {
    const { user, navigate, ...services } = await setup();
    answerRoutes(
      { navigate, ...services },
      {
        'POST /api/auth/sign-in/email': () => jsonError(401, 'Invalid email or password'),
      },
    );
    await user.type(screen.getByLabelText(/^Email/), 'ada@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@demo.test');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('wrong-password');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says so in plain words when the server cannot be reached', async () => {
    const { user, fetch } = await setup();
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await user.type(screen.getByLabelText(/^Email/), 'ada@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach the portal. Check your connection and try again.',
    );
  });

  it('shows progress and cannot be sent twice while the server is answering', async () => {
    const services = await setup();
    let answer: (response: Response) => void = () => undefined;
    const calls = answerRoutes(services, {
      'POST /api/auth/sign-in/email': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await services.user.type(screen.getByLabelText(/^Email/), 'ada@demo.test');
    await services.user.type(screen.getByLabelText(/^Password/), 'a password');
    await services.user.click(screen.getByRole('button', { name: 'Sign in' }));
    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => {
      expect(button).toBeDisabled();
    });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await services.user.click(button);
    expect(calls).toHaveLength(1);
    answer(jsonError(401, 'Invalid email or password'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('offers a new confirmation link when the email is not verified', async () => {
    const services = await setup('/reports');
    answerRoutes(services, {
      'POST /api/auth/sign-in/email': () => jsonError(403, 'Email not verified'),
    });
    await services.user.type(screen.getByLabelText(/^Email/), 'ada@demo.test');
    await services.user.type(screen.getByLabelText(/^Password/), 'password');
    await services.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email not verified');
    expect(screen.getByRole('link', { name: 'Send a new confirmation link' })).toHaveAttribute(
      'href',
      '/verify-email?next=%2Freports',
    );
    expect(services.navigate).not.toHaveBeenCalled();
  });

  it('signs in with the trimmed email, keeps the token and goes to next', async () => {
    const services = await setup('/reports?tab=joint');
    const calls = answerRoutes(services, {
      'POST /api/auth/sign-in/email': () => Response.json({ redirect: false }),
      'POST /api/user/token': () => Response.json({ token: 'tok-1', expiresAt: 2_000_000_000 }),
    });
    await services.user.type(screen.getByLabelText(/^Email/), '  ada@demo.test  ');
    await services.user.type(screen.getByLabelText(/^Password/), 'a password');
    await services.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => {
      expect(services.router.state.location.href).toBe('/reports?tab=joint');
    });
    expect(calls[0]?.body).toEqual({ email: 'ada@demo.test', password: 'a password' });
    expect(document.cookie).toContain(`${AUTH_COOKIE_NAME}=tok-1`);
  });

  it('says the email is confirmed and fills in the address just confirmed', async () => {
    rememberPendingEmail('new@example.org');
    await renderWithRouter(<SignInForm next="/reports" confirmed />, { path: '/signin' });
    expect(screen.getByRole('status')).toHaveTextContent('Email confirmed. Sign in to continue.');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('new@example.org');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
  });

  it('goes home when there is no next', async () => {
    const services = await setup();
    answerRoutes(services, {
      'POST /api/auth/sign-in/email': () => Response.json({}),
      'POST /api/user/token': () => Response.json({ token: 'tok-1', expiresAt: 2_000_000_000 }),
    });
    await services.user.type(screen.getByLabelText(/^Email/), 'ada@demo.test');
    await services.user.type(screen.getByLabelText(/^Password/), 'a password');
    await services.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => {
      expect(services.router.state.location.pathname).toBe('/');
    });
  });
});
