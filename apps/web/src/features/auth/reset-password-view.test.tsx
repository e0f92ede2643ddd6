import { PASSWORD_MAIL_MESSAGE, PASSWORD_RESET_MESSAGE } from '@nestling/shared/contract/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { NewPasswordForm, ResetRequestForm } from './reset-password-view.tsx';

describe('ResetRequestForm', () => {
  it('asks for an email, and checks it', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderWithRouter(<ResetRequestForm />);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'nope');
    await user.tab();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the trimmed email and shows the server's answer", async () => {
    const user = userEvent.setup();
    const services = await renderWithRouter(<ResetRequestForm />);
    const calls = answerRoutes(services, {
      'GET /api/user/password': () => Response.json({ message: PASSWORD_MAIL_MESSAGE }),
    });
    await user.type(screen.getByLabelText(/^Email/), ' ada@demo.test ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_MAIL_MESSAGE);
    expect(calls[0]?.url.searchParams.get('email')).toBe('ada@demo.test');
  });

  it('explains a rate limit in plain words and keeps the email', async () => {
    const user = userEvent.setup();
    const services = await renderWithRouter(<ResetRequestForm />);
    answerRoutes(services, { 'GET /api/user/password': () => jsonError(429, 'Too Many Requests') });
    await user.type(screen.getByLabelText(/^Email/), 'ada@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('too many attempts');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@demo.test');
  });
});

describe('NewPasswordForm', () => {
  it('needs a long enough password typed twice the same', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderWithRouter(<NewPasswordForm oobCode="code-1" />);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Type the new password again')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'long enough');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'long enougj');
    await user.tab();
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's error and keeps both passwords", async () => {
    const user = userEvent.setup();
    const services = await renderWithRouter(<NewPasswordForm oobCode="code-1" />);
    answerRoutes(services, {
      'POST /api/user/password/reset': () => jsonError(400, 'This link has expired'),
    });
    await user.type(screen.getByLabelText(/^New password/), 'long enough');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveValue('long enough');
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveValue('long enough');
  });

  it('changes the password and leads to sign-in', async () => {
    const user = userEvent.setup();
    const services = await renderWithRouter(<NewPasswordForm oobCode="code-1" />);
    const calls = answerRoutes(services, {
      'POST /api/user/password/reset': () => Response.json({ message: PASSWORD_RESET_MESSAGE }),
    });
    await user.type(screen.getByLabelText(/^New password/), 'long enough');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_MESSAGE);
    expect(calls[0]?.body).toEqual({ oobCode: 'code-1', password: 'long enough' });
    await user.click(screen.getByRole('link', { name: 'Sign in with your new password' }));
    expect(services.router.state.location.pathname).toBe('/signin');
  });
});
