import type { UndeliveredMail } from '@nestling/shared/contract/mail';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { AdminMail } from './admin-mail.tsx';

const staff = makeUser({ isAdminUser: true, email: 'staff@demo.test' });

const retrying: UndeliveredMail = {
  id: 'mail-1',
  to: 'bea@example.test',
  subject: 'Your receipt for order NS-1042',
  state: 'retrying',
  attempts: 3,
  maxAttempts: 16,
  lastError: 'The mail could not be sent: connect ECONNREFUSED 10.0.0.5:587',
  nextAttemptAt: '2026-11-29T15:00:08.000Z',
  createdAt: '2026-11-29T14:59:50.000Z',
};
const refused: UndeliveredMail = {
  id: 'mail-2',
  to: 'typo@exampel.test',
  subject: 'Confirm your email for Nestling',
  state: 'failed',
  attempts: 1,
  maxAttempts: 16,
  lastError: 'The mail server refused this mail: 550 5.1.1 Recipient address rejected',
  nextAttemptAt: null,
  createdAt: '2026-11-29T14:00:00.000Z',
};

async function setup(mails: UndeliveredMail[]) {
  setAuthToken('staff-token');
  const services = createTestServices({ user: staff });
  const calls = answerRoutes(services, {
    'GET /api/admin/mail': () => Response.json({ mails }),
    'POST /api/admin/mail/mail-2/send-again': () => {
      mails.splice(mails.indexOf(refused), 1);
      return new Response(null, { status: 204 });
    },
  });
  const rendered = await renderWithRouter(<AdminMail />, {
    path: '/admin?tab=mail',
    user: staff,
    services,
  });
  return { ...rendered, calls, person: userEvent.setup() };
}

describe('the mail tab', () => {
  it('lists mail not delivered yet with its error, and sends a failed one again', async () => {
    const { person, calls, container } = await setup([refused, retrying]);
    const list = await screen.findByRole('list', { name: 'Mail not delivered yet' });
    const mailTo = (address: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((item) => item.textContent.includes(address));
    const waiting = mailTo('bea@example.test');
    if (waiting === undefined) throw new Error('The retrying mail is not listed');
    expect(waiting).toHaveTextContent('Your receipt for order NS-1042');
    expect(waiting).toHaveTextContent('ECONNREFUSED');
    expect(waiting).toHaveTextContent(/3 tries of 16 so far; the next at .*2026/);
    // Only a mail that failed for good is offered to be sent again.
    expect(within(waiting).queryByRole('button')).not.toBeInTheDocument();
    const failed = mailTo('typo@exampel.test');
    if (failed === undefined) throw new Error('The failed mail is not listed');
    expect(failed).toHaveTextContent('Not delivered after 1 try; no more tries');
    await expectNoAxeViolations(container);

    await person.click(
      within(failed).getByRole('button', {
        name: 'Send again: Confirm your email for Nestling to typo@exampel.test',
      }),
    );
    expect(calls.map((call) => call.key)).toContain('POST /api/admin/mail/mail-2/send-again');
    await waitFor(() => {
      expect(screen.queryByText('typo@exampel.test')).not.toBeInTheDocument();
    });
    expect(screen.getByText('bea@example.test')).toBeInTheDocument();
  });

  it('says so when every mail was delivered', async () => {
    await setup([]);
    expect(
      await screen.findByText('Every mail has been delivered to the mail server.'),
    ).toBeInTheDocument();
  });
});
