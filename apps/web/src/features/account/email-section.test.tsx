import { EMAIL_UNAVAILABLE, emailChangeSentMessage } from '@nestling/shared/contract/account';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { EmailSection } from './email-section.tsx';

beforeEach(() => {
  setAuthToken('test-token');
});

async function setup() {
  const events = userEvent.setup();
  const rendered = await renderWithRouter(<EmailSection email="ada@demo.test" />, {
    path: '/account-settings',
  });
  const fill = async (newEmail: string, password: string) => {
    if (newEmail !== '') await events.type(screen.getByLabelText(/^New email/), newEmail);
    if (password !== '') await events.type(screen.getByLabelText(/^Current password/), password);
    await events.click(screen.getByRole('button', { name: 'Send confirmation link' }));
  };
  return { events, fill, ...rendered };
}

describe('EmailSection', () => {
  it('sends the trimmed new email with the password and says the link was sent', async () => {
    const services = await setup();
    expect(screen.getByText('ada@demo.test')).toBeInTheDocument();
    const calls = answerRoutes(services, {
      'POST /api/user/email/change': () =>
        Response.json({ message: emailChangeSentMessage('ada@new.test') }),
    });
    await services.fill(' ada@new.test ', 'my passphrase');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We have sent a confirmation link to ada@new.test. Your email changes once you open it.',
    );
    expect(calls[0]?.body).toEqual({ newEmail: 'ada@new.test', currentPassword: 'my passphrase' });
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('checks the fields first, and shows a refusal keeping the input', async () => {
    const services = await setup();
    const calls = answerRoutes(services, {
      'POST /api/user/email/change': () => jsonError(409, EMAIL_UNAVAILABLE),
    });
    await services.fill('nope', '');
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your current password')).toBeInTheDocument();
    expect(calls).toEqual([]);

    const email = screen.getByLabelText(/^New email/);
    await services.events.clear(email);
    await services.fill('mother@demo.test', 'my passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_UNAVAILABLE);
    expect(email).toHaveValue('mother@demo.test');
  });
});
