import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TermsAnswer } from '@nestling/shared/contract/terms';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { ReviewTermsPage } from './review-terms-page.tsx';

const pending: TermsAnswer = {
  tosAccepted: false,
  hipaaAccepted: false,
  documents: [
    {
      document: 'tos',
      title: 'Terms of Service',
      version: '1.0',
      effectiveOn: '2026-11-01',
      accepted: false,
      acceptedAt: null,
      documentId: null,
    },
    {
      document: 'hipaa',
      title: 'HIPAA Notice of Privacy Practices',
      version: '1.0',
      effectiveOn: '2026-11-01',
      accepted: false,
      acceptedAt: null,
      documentId: null,
    },
  ],
};

async function setup(routes: Parameters<typeof answerRoutes>[1]) {
  setAuthToken('patient-token');
  const user = makeUser({ tosAccepted: false, hipaaAccepted: false });
  const services = createTestServices({ user });
  const calls = answerRoutes(services, {
    'GET /api/terms': () => Response.json(pending),
    ...routes,
  });
  const rendered = await renderWithRouter(<ReviewTermsPage next="/activate" />, {
    path: '/review-terms',
    user,
    services,
  });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('/review-terms', () => {
  it('shows each document in its own named scroll region, with the headings a notice needs', async () => {
    await setup({});
    expect(
      await screen.findByRole('region', { name: 'Terms of Service, version 1.0' }),
    ).toBeInTheDocument();
    const notice = screen.getByRole('region', {
      name: 'HIPAA Notice of Privacy Practices, version 1.0',
    });
    for (const heading of [
      'Your rights',
      'Our duties',
      'Complaints',
      'Contact',
      'Effective date',
    ]) {
      expect(notice).toHaveTextContent(heading);
    }
    expect(notice).toHaveTextContent('Office for Civil Rights');
    expect(screen.getAllByText('Version 1.0, effective 11/1/2026').length).toBeGreaterThan(0);
  });

  it('accepts each document on its own, with the version read, then goes on to next with Continue', async () => {
    const tosDone: TermsAnswer = {
      ...pending,
      tosAccepted: true,
      documents: pending.documents.map((d) =>
        d.document === 'tos' ? { ...d, accepted: true, acceptedAt: '2026-11-24T10:00:00.000Z' } : d,
      ),
    };
    const { calls, user, router } = await setup({
      'POST /api/terms/tos/accept': () => Response.json(tosDone),
      'POST /api/terms/hipaa/accept': () =>
        Response.json({
          ...tosDone,
          hipaaAccepted: true,
          documents: tosDone.documents.map((d) => ({
            ...d,
            accepted: true,
            acceptedAt: '2026-11-24T10:01:00.000Z',
          })),
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'I accept the Terms of Service' }));
    expect(await screen.findByText(/You accepted version 1.0/)).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/terms/tos/accept')?.body).toEqual({
      version: '1.0',
    });
    expect(router.state.location.pathname).toBe('/review-terms');
    await user.click(
      screen.getByRole('button', { name: 'I accept the HIPAA Notice of Privacy Practices' }),
    );
    // Both are shown accepted; the person goes on when they choose.
    expect(await screen.findByText('Both accepted')).toBeInTheDocument();
    expect(screen.getAllByText(/You accepted version 1.0/)).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/review-terms');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/activate');
    });
  });

  it('says why a stale version was refused', async () => {
    const { user } = await setup({
      'POST /api/terms/tos/accept': () =>
        jsonError(
          409,
          'Terms of Service has been updated to version 2.0 since you opened this page. Please read the new version and accept it.',
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'I accept the Terms of Service' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('updated to version 2.0');
  });
});
