import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PartnerAccount } from '@nestling/shared/contract/partner';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { inviteBannerAllowed, PendingInviteBanner } from './pending-invite-banner.tsx';
import { PartnerPage } from './partner-page.tsx';

const user = makeUser();

async function setup(ui: React.ReactNode, routes: Record<string, RouteHandler>, path = '/partner') {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const calls = answerRoutes(services, routes);
  const rendered = await renderWithRouter(ui, { path, user, services });
  return { ...rendered, calls, user: userEvent.setup() };
}

const base: PartnerAccount = {
  id: 'acc-1',
  role: 'mother',
  testType: 'standard',
  partner: { state: 'none' },
  sharesIndividual: false,
  partnerSharesIndividual: false,
};

describe('the invite banner rule', () => {
  const shown = { signedIn: true, emailVerified: true, viewAs: undefined, pathname: '/reports' };
  it('shows to a signed-in, verified person as themselves, off the accept page', () => {
    expect(inviteBannerAllowed(shown)).toBe(true);
    expect(inviteBannerAllowed({ ...shown, signedIn: false })).toBe(false);
    expect(inviteBannerAllowed({ ...shown, emailVerified: false })).toBe(false);
    expect(inviteBannerAllowed({ ...shown, viewAs: 'demo-mother' })).toBe(false);
    expect(inviteBannerAllowed({ ...shown, pathname: '/saliva/invite/accept/x' })).toBe(false);
  });

  it('renders the first pending invitation, with its id in the link', async () => {
    await setup(
      <PendingInviteBanner />,
      {
        'GET /api/invitations/pending': () =>
          Response.json({
            invitations: [
              {
                id: 'inv-1',
                inviterEmail: 'bea@demo.test',
                role: 'father',
                expiresAt: '2026-03-01T00:00:00.000Z',
              },
            ],
          }),
      },
      '/reports',
    );
    expect(
      await screen.findByText(
        "You've been invited to be the partner on bea@demo.test's preconception report",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accept invite' })).toHaveAttribute(
      'href',
      '/saliva/invite/accept/inv-1',
    );
  });

  it('renders nothing without an invitation', async () => {
    const { calls } = await setup(<PendingInviteBanner />, {
      'GET /api/invitations/pending': () => Response.json({ invitations: [] }),
    });
    await screen.findByText((_, element) => element?.tagName === 'BODY');
    expect(calls.some((call) => call.key === 'GET /api/invitations/pending')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Partner invite' })).toBeNull();
  });
});

describe('/partner', () => {
  it('invites by name and email when nobody is invited', async () => {
    let accounts = [base];
    const { calls, user: person } = await setup(<PartnerPage />, {
      'GET /api/partner': () => Response.json({ accounts }),
      'POST /api/partner/acc-1/invitation': () => {
        accounts = [
          {
            ...base,
            partner: {
              state: 'invited',
              invitationId: 'inv-1',
              email: 'ian@demo.test',
              sentAt: '2026-03-02T12:00:00.000Z',
              expiresAt: '2026-03-16T12:00:00.000Z',
              expired: false,
              sendCount: 1,
            },
          },
        ];
        return Response.json({ ok: true });
      },
    });
    await person.type(await screen.findByLabelText(/Partner's first name/), 'Ian');
    await person.type(screen.getByLabelText(/Partner's last name/), 'Invitee');
    await person.type(screen.getByLabelText(/Partner's email/), 'ian@demo.test');
    await person.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/partner/acc-1/invitation')?.body).toEqual({
      firstName: 'Ian',
      lastName: 'Invitee',
      email: 'ian@demo.test',
    });
    expect(screen.getByText(/The link works until 3\/16\/2026/)).toBeInTheDocument();
  });

  it('shows the limit message of a refused resend', async () => {
    const { user: person } = await setup(<PartnerPage />, {
      'GET /api/partner': () =>
        Response.json({
          accounts: [
            {
              ...base,
              partner: {
                state: 'invited',
                invitationId: 'inv-1',
                email: 'ian@demo.test',
                sentAt: '2026-03-02T12:00:00.000Z',
                expiresAt: '2026-03-16T12:00:00.000Z',
                expired: false,
                sendCount: 3,
              },
            },
          ],
        }),
      'POST /api/partner/acc-1/invitation/resend': () =>
        jsonError(429, 'Too many invitation emails. Please wait an hour and try again.'),
    });
    await person.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait an hour');
  });

  it('saves the sharing switch at once for a joined partner', async () => {
    let shares = false;
    const { calls, user: person } = await setup(<PartnerPage />, {
      'GET /api/partner': () =>
        Response.json({
          accounts: [
            {
              ...base,
              partner: {
                state: 'joined',
                firstName: 'Ian',
                lastName: 'Invitee',
                email: 'ian@demo.test',
              },
              sharesIndividual: shares,
            },
          ],
        }),
      'PUT /api/partner/acc-1/sharing': (body) => {
        shares = (body as { sharesIndividual: boolean }).sharesIndividual;
        return Response.json({ sharesIndividual: shares });
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Let Ian see my individual results' });
    expect(toggle).not.toBeChecked();
    expect(
      screen.getByText(/Your partner Ian Invitee \(ian@demo.test\) has joined/),
    ).toBeInTheDocument();
    await person.click(toggle);
    expect(calls.find((call) => call.key === 'PUT /api/partner/acc-1/sharing')?.body).toEqual({
      sharesIndividual: true,
    });
    await screen.findByRole('switch', { name: 'Let Ian see my individual results', checked: true });
  });
});
