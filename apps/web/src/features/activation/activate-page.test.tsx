import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  KIT_ID_TYPO,
  PARTNER_NOT_JOINED,
  type KitStatus,
} from '@nestling/shared/contract/activation';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { ActivatePage } from './activate-page.tsx';
import { ActivationPage } from './activation-page.tsx';

const individualKit: KitStatus = {
  kitId: 'NK-1VY000011',
  kind: 'individual',
  role: 'self',
  own: true,
  orderId: 'order-1',
  purchaseOrderId: 'po-1',
  testType: 'standard',
  activatedAt: null,
  shippedAt: 1_772_500_000,
  awaitingShipment: false,
  partnerJoined: false,
};
const coupleKit = (role: 'mother' | 'father', own: boolean, partnerJoined = true): KitStatus => ({
  ...individualKit,
  kitId: role === 'mother' ? 'NK-M0THER01X' : 'NK-FATHER01X',
  kind: 'couple',
  role,
  own,
  orderId: 'account-1',
  partnerJoined,
});

async function setup(
  ui: React.ReactNode,
  kits: KitStatus[],
  routes: Parameters<typeof answerRoutes>[1] = {},
  userOverrides: Parameters<typeof makeUser>[0] = {},
) {
  setAuthToken('patient-token');
  const user = makeUser({
    healthSurveyStatus: 'done',
    tosAccepted: true,
    hipaaAccepted: true,
    ...userOverrides,
  });
  const services = createTestServices({ user });
  const calls = answerRoutes(services, {
    'GET /api/kits': () => Response.json({ kits }),
    ...routes,
  });
  const rendered = await renderWithRouter(ui, { path: '/activate', user, services });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('/activate', () => {
  it('asks nothing while the kits have not shipped: they are activated once they arrive', async () => {
    await setup(<ActivatePage />, [
      { ...coupleKit('mother', true), shippedAt: null, awaitingShipment: true },
      { ...coupleKit('father', false), shippedAt: null, awaitingShipment: true },
    ]);
    expect(await screen.findByText(/have not shipped yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Activate/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute(
      'href',
      '/order?id=po-1',
    );
  });

  it('lists a kit that has not shipped as such, without an activation link', async () => {
    await setup(<ActivationPage />, [
      { ...individualKit, shippedAt: null, awaitingShipment: true },
    ]);
    expect(await screen.findByText('Not shipped yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Activate' })).not.toBeInTheDocument();
  });

  it('activates an individual kit from the typed id, then shows /activation', async () => {
    const { user, calls, router } = await setup(<ActivatePage />, [individualKit], {
      'POST /api/kits/lookup': () =>
        Response.json({
          kind: 'individual',
          kitId: individualKit.kitId,
          orderId: 'order-1',
          activated: false,
        }),
      'PATCH /api/individual_reports/order-1/activate': () =>
        Response.json({
          id: 'order-1',
          purchaseId: individualKit.kitId,
          purchaseDate: 1,
          testType: 'standard',
          activatedAt: 2,
        }),
    });
    await user.type(await screen.findByRole('textbox', { name: /Kit ID/ }), 'nk 1vy00001 1');
    await user.click(screen.getByRole('button', { name: 'Activate my kit' }));
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/activation');
    });
    expect(calls.find((c) => c.key === 'POST /api/kits/lookup')?.body).toEqual({
      kitId: 'nk 1vy00001 1',
    });
  });

  it('shows a typo refusal, and links to the survey and the terms when they are missing', async () => {
    const { user } = await setup(
      <ActivatePage />,
      [individualKit],
      { 'POST /api/kits/lookup': () => jsonError(400, KIT_ID_TYPO) },
      { healthSurveyStatus: null, tosAccepted: false },
    );
    expect(
      await screen.findByRole('link', { name: 'Complete your health survey' }),
    ).toHaveAttribute('href', '/health-survey');
    await user.type(screen.getByRole('textbox', { name: /Kit ID/ }), 'NK-12345');
    await user.click(screen.getByRole('button', { name: 'Activate my kit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KIT_ID_TYPO);
  });

  it('says at each empty field what to type, and sends nothing', async () => {
    const { user, calls } = await setup(<ActivatePage />, [
      coupleKit('mother', true),
      coupleKit('father', false),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Activate both kits' }));
    expect(
      screen.getByRole('textbox', { name: "ID on the mother's tube (your tube)" }),
    ).toHaveAccessibleDescription("Enter the ID printed on the mother's tube");
    expect(
      screen.getByRole('textbox', { name: "ID on the father's tube (your partner's tube)" }),
    ).toHaveAccessibleDescription("Enter the ID printed on the father's tube");
    expect(screen.queryByText(/body\./)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('PATCH'))).toEqual([]);
  });

  it('says at an empty kit ID field what to type, and sends nothing', async () => {
    const { user, calls } = await setup(<ActivatePage />, [individualKit]);
    await user.click(await screen.findByRole('button', { name: 'Activate my kit' }));
    expect(screen.getByRole('textbox', { name: /Kit ID/ })).toHaveAccessibleDescription(
      /Enter the ID printed on your tube/,
    );
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([]);
  });

  it('asks a couple for both tubes, each labeled by whose it is, and links to /partner when needed', async () => {
    const { user, calls } = await setup(
      <ActivatePage />,
      [coupleKit('mother', true, false), coupleKit('father', false, false)],
      { 'PATCH /api/accounts/account-1/activate': () => jsonError(409, PARTNER_NOT_JOINED) },
    );
    const mother = await screen.findByRole('textbox', {
      name: "ID on the mother's tube (your tube)",
    });
    const father = screen.getByRole('textbox', {
      name: "ID on the father's tube (your partner's tube)",
    });
    await user.type(mother, 'NK-M0THER01X');
    await user.type(father, 'NK-FATHER01X');
    await user.click(screen.getByRole('button', { name: 'Activate both kits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PARTNER_NOT_JOINED);
    expect(screen.getAllByRole('link', { name: 'Invite your partner' })[0]).toHaveAttribute(
      'href',
      '/partner',
    );
    expect(calls.find((c) => c.key === 'PATCH /api/accounts/account-1/activate')?.body).toEqual({
      motherKitId: 'NK-M0THER01X',
      fatherKitId: 'NK-FATHER01X',
    });
  });
});

describe('/activation', () => {
  it('lists the kits with their state and a link to the order tracker', async () => {
    await setup(<ActivationPage />, [{ ...individualKit, activatedAt: 1_764_979_200 }]);
    const card = await screen.findByRole('listitem', { name: `Kit ${individualKit.kitId}` });
    expect(card).toHaveTextContent('Activated 12/6/2025');
    expect(screen.getByRole('link', { name: 'Track this order' })).toHaveAttribute(
      'href',
      '/order?id=po-1',
    );
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
  });
});
