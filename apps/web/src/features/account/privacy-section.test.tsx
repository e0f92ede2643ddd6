import {
  DELETION_CONFIRM_MESSAGE,
  type PrivacyAnswer,
} from '@nestling/shared/contract/data-rights';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { PrivacySection } from './privacy-section.tsx';

const user = makeUser();

async function setup() {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const state: PrivacyAnswer = {
    researchConsentSince: null,
    deletion: null,
    testRecordRetentionYears: 7,
  };
  const calls = answerRoutes(services, {
    'GET /api/user/privacy': () => Response.json(state),
    'PUT /api/user/research-consent': (body) => {
      state.researchConsentSince = (body as { consent: boolean }).consent
        ? '2026-11-02T15:00:00.000Z'
        : null;
      return Response.json({ researchConsentSince: state.researchConsentSince });
    },
    'POST /api/user/deletion': (body) => {
      if ((body as { confirmEmail: string }).confirmEmail !== user.email) {
        return jsonError(400, `Invalid request: body.confirmEmail: ${DELETION_CONFIRM_MESSAGE}`);
      }
      state.deletion = {
        requestedAt: '2026-11-02T15:00:00.000Z',
        dueAt: '2026-11-16T15:00:00.000Z',
      };
      return Response.json({ deletion: state.deletion });
    },
    'DELETE /api/user/deletion': () => {
      state.deletion = null;
      return Response.json({ deletion: null });
    },
  });
  const rendered = await renderWithRouter(<PrivacySection readOnly={false} />, {
    path: '/account-settings',
    user,
    services,
  });
  return { ...rendered, calls, person: userEvent.setup() };
}

describe('Your data and privacy, for everyone', () => {
  it('offers the download of everything', async () => {
    await setup();
    expect(await screen.findByRole('button', { name: /Download/ })).toBeInTheDocument();
  });

  it('records the research consent and its withdrawal', async () => {
    const { person, calls } = await setup();
    const box = await screen.findByRole('checkbox', { name: /use my data, without my name/ });
    await person.click(box);
    expect(await screen.findByText('You agreed on 11/2/2026.')).toBeInTheDocument();
    await person.click(box);
    expect(await screen.findByText('You have not agreed.')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.key === 'PUT /api/user/research-consent').map((c) => c.body),
    ).toEqual([{ consent: true }, { consent: false }]);
  });

  it('asks for the email address before deleting, says when, and lets the person keep the account', async () => {
    const { person } = await setup();
    const section = await screen.findByRole('region', { name: 'Delete your account' });
    expect(section).toHaveTextContent('they stay for your partner');
    // What the lab must keep, and for how long, is said before anything is asked.
    expect(section).toHaveTextContent(
      'The lab must keep your test records (your results and the kit ids, with your name and date of birth) for 7 years after your last test',
    );
    await person.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await person.type(within(dialog).getByLabelText(/Your email address/), 'wrong@example.org');
    await person.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(DELETION_CONFIRM_MESSAGE)).toBeInTheDocument();
    await expectNoAxeViolations(dialog);

    const field = within(dialog).getByLabelText(/Your email address/);
    await person.clear(field);
    await person.type(field, user.email);
    await person.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(section).findByText(/will be deleted on 11\/16\/2026/)).toBeInTheDocument();
    await person.click(within(section).getByRole('button', { name: 'Keep my account' }));
    expect(
      await within(section).findByRole('button', { name: 'Delete my account' }),
    ).toBeInTheDocument();
  });
});
