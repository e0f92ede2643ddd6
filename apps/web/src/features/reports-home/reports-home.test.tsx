import type { CoupleAccount, IndividualOrder } from '@nestling/shared/contract/orders';
import type { ReportSummary } from '@nestling/shared/contract/report-view';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { makeCoupleTest, makeJourney } from '../journey/test-journey.ts';
import { TEST_PLACES } from '../layout/portal-places.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { loadReportsHome } from './load-reports-home.ts';
import { ReportsHome, type ReportTab } from './reports-home.tsx';

const user = makeUser({ id: 'demo-mother', email: 'mother@demo.test' });

const jointSummary: ReportSummary = {
  id: 'report-joint',
  kind: 'joint',
  labReportId: 'LAB-J-1',
  version: 2,
  signedOffOn: '2025-02-05',
  testType: '30x',
};

const account: CoupleAccount = {
  id: 'account-1',
  mother: 'demo-mother',
  father: 'demo-father',
  motherEmail: 'mother@demo.test',
  fatherEmail: 'father@demo.test',
  motherOrder: 'order-m',
  fatherOrder: 'order-f',
  pendingFatherAccept: false,
  pendingMotherAccept: false,
  purchaseDate: 1_736_121_600, // 1/6/2025
  testType: '30x',
  donePilotOnboardingSteps: ['PURCHASED'],
  partner: { name: { First: 'Daniel', Last: 'Demo' }, email: 'father@demo.test' },
  embryoReports: [],
};

const order: IndividualOrder = {
  id: 'order-1',
  purchaseId: 'purchase-1',
  purchaseDate: 1_727_740_800, // 10/1/2024
  testType: 'standard',
  activatedAt: null,
  report: null,
};

function portal(routes: { couple: RouteHandler; individual: RouteHandler }): RouteHandler {
  return (_body, url) =>
    url.searchParams.get('individual') === 'true'
      ? routes.individual(_body, url)
      : routes.couple(_body, url);
}

/** The couple's call of a person without a couple account: empty lists, not an error. */
const noAccount: RouteHandler = () =>
  Response.json({ user, accounts: [], account: null, preconceptionReports: [] });

async function setup(routes: Record<string, RouteHandler>, tab?: ReportTab, onTabChange = vi.fn()) {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const calls = answerRoutes(services, routes);
  const rendered = await renderWithRouter(<ReportsHome tab={tab} onTabChange={onTabChange} />, {
    path: '/reports',
    user,
    services,
  });
  return { ...rendered, calls, onTabChange, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReportsHome', () => {
  it("opens on a couple's joint report, with its test name, partner and US dates", async () => {
    const { container, calls } = await setup({
      'GET /api/user': portal({
        couple: () =>
          Response.json({
            user,
            accounts: [account],
            account,
            preconceptionReports: [jointSummary],
          }),
        individual: () => Response.json({ user, individualOrders: [], order: null }),
      }),
    });
    expect(await screen.findByRole('tab', { name: 'Joint', selected: true })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Preconception Genetic Screening - 30x, with Daniel Demo, bought on 1/6/2025',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Version 2, signed off on 2/5/2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the joint report' })).toHaveAttribute(
      'href',
      '/reports/joint?report=report-joint',
    );
    const coupleCall = calls.find((call) => call.url.searchParams.get('preconception') === 'true');
    expect(coupleCall?.url.searchParams.get('withPartner')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it("takes an empty account list ('no response') as no report yet, and opens on the individual report if there is one", async () => {
    await setup({
      'GET /api/user': portal({
        couple: noAccount,
        individual: () =>
          Response.json({
            user,
            individualOrders: [order],
            order: {
              ...order,
              activatedAt: 1_728_000_000,
              report: {
                ...jointSummary,
                kind: 'individual',
                id: 'r-ind',
                testType: 'standard',
                version: 1,
              },
            },
          }),
      }),
    });
    expect(
      await screen.findByRole('tab', { name: 'Individual', selected: true }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Preconception Genetic Screening - Individual' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the individual report' })).toHaveAttribute(
      'href',
      '/reports/individual?order=order-1',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Orders not attached' when a couple's kits are not both attached", async () => {
    await setup(
      {
        'GET /api/user': portal({
          couple: () =>
            Response.json({
              user,
              accounts: [
                {
                  ...account,
                  fatherOrder: null,
                  embryoReports: [{ ...jointSummary, kind: 'embryo' }],
                },
              ],
              account: { ...account, fatherOrder: null },
              preconceptionReports: [],
            }),
          individual: () => Response.json({ user, individualOrders: [], order: null }),
        }),
      },
      'joint',
    );
    expect(await screen.findByText('Orders not attached')).toBeInTheDocument();
  });

  it('links each other order to its own page rather than guessing its state', async () => {
    // As the list carries it: without `report`, which only the preferred order has.
    const older: IndividualOrder = {
      id: 'order-0',
      purchaseId: 'purchase-0',
      purchaseDate: 1_700_000_000, // 11/14/2023
      testType: '30x',
      activatedAt: 1_700_100_000,
    };
    await setup(
      {
        'GET /api/user': portal({
          couple: noAccount,
          individual: () =>
            Response.json({
              user,
              individualOrders: [order, older],
              order: { ...order, report: null },
            }),
        }),
      },
      'individual',
    );
    expect(
      await screen.findByRole('link', { name: 'See the test bought on 11/14/2023' }),
    ).toHaveAttribute('href', '/reports/individual?order=order-0');
    expect(screen.queryByText(/The lab is working on your sample/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate this kit' })).toBeInTheDocument();
  });

  it('activates a kit that has not been activated, and shows the order again', async () => {
    let activated = false;
    const { user: person, calls } = await setup(
      {
        'GET /api/user': portal({
          couple: noAccount,
          individual: () =>
            Response.json({
              user,
              individualOrders: [order],
              order: { ...order, activatedAt: activated ? 1_728_000_000 : null },
            }),
        }),
        'PATCH /api/individual_reports/order-1/activate': () => {
          activated = true;
          return Response.json({ ...order, activatedAt: 1_728_000_000 });
        },
      },
      'individual',
    );
    await person.click(await screen.findByRole('button', { name: 'Activate this kit' }));
    expect(await screen.findByText(/The lab is working on your sample/)).toBeInTheDocument();
    expect(screen.getByText(/kit activated on 10\/4\/2024/)).toBeInTheDocument();
    expect(
      calls.some((call) => call.key === 'PATCH /api/individual_reports/order-1/activate'),
    ).toBe(true);
  });

  it('lists documents and opens one through a single-use link in the tab the click opened', async () => {
    const tab = { location: { href: '' }, opener: {}, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user: person, container } = await setup(
      {
        'GET /api/user': portal({
          couple: noAccount,
          individual: () => Response.json({ user, individualOrders: [], order: null }),
        }),
        'GET /api/user/documents': () =>
          Response.json({
            documents: [
              {
                id: 'doc-1',
                title: 'Saliva kit instructions',
                kind: 'instructions',
                date: '2025-01-06',
                fileName: 'kit.txt',
                contentType: 'text/plain',
                size: 2048,
                reportId: null,
              },
            ],
          }),
        'POST /api/user/documents/doc-1/session': () =>
          Response.json(
            { url: '/api/documents/view/abc', expiresAt: '2026-01-01T00:00:00.000Z' },
            { status: 201 },
          ),
      },
      'documents',
    );
    const table = await screen.findByRole('table', { name: /Your documents/ });
    const row = within(table).getByRole('row', { name: /Saliva kit instructions/ });
    expect(row).toHaveTextContent('1/6/2025');
    expect(row).toHaveTextContent('2 KB');
    await person.click(within(row).getByRole('button', { name: 'View Saliva kit instructions' }));
    await waitFor(() => {
      expect(tab.location.href).toMatch(/\/api\/documents\/view\/abc$/);
    });
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('asks to change tab when a tab is chosen', async () => {
    const { user: person, onTabChange } = await setup(
      {
        'GET /api/user': portal({
          couple: noAccount,
          individual: () => Response.json({ user, individualOrders: [], order: null }),
        }),
      },
      'joint',
    );
    await person.click(screen.getByRole('tab', { name: 'Embryos' }));
    expect(onTabChange).toHaveBeenCalledWith('embryos');
  });

  it('shows the next step of a person with no report yet, above the empty tab', async () => {
    // Spec section 8's 'no response' is the empty list, not a failure: nothing is logged.
    const logged = vi.spyOn(console, 'error');
    const { container, calls } = await setup(
      {
        'GET /api/user': portal({
          couple: noAccount,
          individual: () => Response.json({ user, individualOrders: [], order: null }),
        }),
        'GET /api/journey': () => Response.json(makeJourney()),
      },
      'joint',
    );
    expect(
      await screen.findByRole('heading', { name: 'Next: answer your health survey' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer the survey' })).toHaveAttribute(
      'href',
      '/health-survey',
    );
    expect(screen.getByRole('link', { name: 'See every step' })).toHaveAttribute('href', '/saliva');
    // The tab's own words still say what comes later.
    expect(screen.getByText(/^No joint report yet\./)).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'GET /api/journey')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('asks for the journey once when the route loaded it before the page was drawn', async () => {
    setAuthToken('patient-token');
    const services = createTestServices({ user });
    const calls = answerRoutes(services, {
      'GET /api/user': portal({
        couple: noAccount,
        individual: () => Response.json({ user, individualOrders: [], order: null }),
      }),
      'GET /api/journey': () => Response.json(makeJourney()),
    });
    // What the /reports route does before it draws the page.
    await loadReportsHome(services.queryClient, services.api, undefined);
    await renderWithRouter(<ReportsHome tab="joint" onTabChange={vi.fn()} />, {
      path: '/reports',
      user,
      services,
    });
    expect(
      await screen.findByRole('heading', { name: 'Next: answer your health survey' }),
    ).toBeInTheDocument();
    // A refetch on mount would have started by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.key === 'GET /api/journey')).toHaveLength(1);
    expect(calls.filter((call) => call.key === 'GET /api/user')).toHaveLength(2);
  });

  it('offers to buy a test to someone without one, and says so when nothing is theirs to do', async () => {
    const { unmount } = await setup(
      {
        'GET /api/user': portal({
          couple: noAccount,
          individual: () => Response.json({ user, individualOrders: [], order: null }),
        }),
        'GET /api/journey': () => Response.json(makeJourney([])),
      },
      'individual',
    );
    expect(await screen.findByRole('heading', { name: 'Next: buy a test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a couple test' })).toHaveAttribute(
      'href',
      '/purchase',
    );
    expect(screen.getByText(/^No individual test yet\./)).toBeInTheDocument();
    unmount();

    const waiting = makeCoupleTest();
    waiting.steps = waiting.steps.map((step) =>
      step.state === 'current' ? { ...step, state: 'waiting' } : step,
    );
    const { calls } = await setup(
      {
        'GET /api/user': portal({
          couple: noAccount,
          individual: () => Response.json({ user, individualOrders: [], order: null }),
        }),
        'GET /api/journey': () => Response.json(makeJourney([waiting])),
      },
      'individual',
    );
    expect(await screen.findByText(/^No individual test yet\./)).toBeInTheDocument();
    await waitFor(() => {
      expect(calls.some((call) => call.key === 'GET /api/journey')).toBe(true);
    });
    expect(
      await screen.findByRole('heading', { name: 'Nothing for you to do now' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Next:/ })).not.toBeInTheDocument();
    // What it waits on, in the server's words.
    expect(screen.getByText(/^You: not yet; your partner: not joined yet/)).toBeInTheDocument();
  });

  it('leads with a timeline from order to results and the one next action', async () => {
    const { container } = await setup(
      {
        'GET /api/user': portal({
          couple: noAccount,
          individual: () => Response.json({ user, individualOrders: [], order: null }),
        }),
        'GET /api/journey': () => Response.json(makeJourney()),
      },
      'joint',
    );
    const timeline = await screen.findByRole('list', {
      name: 'Preconception Genetic Screening: from order to results',
    });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Test purchasedDone',
      'Health surveyTo do now',
      'Terms and HIPAA noticeTo do now',
      'Kits activatedTo do now',
      'Partner joinedWaiting',
      'Sample sentLater',
      'ResultsLater',
    ]);
    // The first step to do now is where the person is; there is one next action, not one per step.
    expect(steps.filter((step) => step.getAttribute('aria-current') === 'step')).toEqual([
      steps[1],
    ]);
    expect(screen.getAllByRole('heading', { name: /^Next:/ })).toHaveLength(1);
    expect(screen.getByText('Preconception Genetic Screening, bought on 3/2/2026')).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('shows every test’s checklist, not only the newest: the one with something to do first', async () => {
    const done = (test: ReturnType<typeof makeCoupleTest>) =>
      test.steps.map((step) => ({ ...step, state: 'done' as const }));
    const older = makeCoupleTest({ id: 'account-old', name: 'Individual Screening' });
    const newer = makeCoupleTest({ id: 'account-new', name: 'Preconception Screening - 30x' });
    const journey = makeJourney([{ ...newer, steps: done(newer) }, older]);
    const { container } = await setup(
      {
        'GET /api/user': portal({
          couple: noAccount,
          individual: () => Response.json({ user, individualOrders: [], order: null }),
        }),
        'GET /api/journey': () => Response.json(journey),
      },
      'joint',
    );
    const lists = await screen.findAllByRole('list', { name: /: from order to results$/ });
    expect(lists.map((list) => list.getAttribute('aria-label'))).toEqual([
      'Individual Screening: from order to results',
      'Preconception Screening - 30x: from order to results',
    ]);
    expect(screen.getAllByRole('heading', { name: /^Next:/ })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Your results are ready' })).toBeInTheDocument();
    // And a way to every page of a test, for a patient who comes back for something else.
    const places = screen.getByRole('navigation', { name: 'Everything for your tests' });
    expect(within(places).getAllByRole('link')).toHaveLength(TEST_PLACES.length);
    expect(within(places).getByRole('link', { name: /^Genetic counseling/ })).toHaveAttribute(
      'href',
      '/schedule-appointment',
    );
    await expectNoAxeViolations(container);
  });
});
