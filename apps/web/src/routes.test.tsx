import { ADMIN_ONLY } from '@nestling/shared/contract/admin';
import { portalRoutes } from '@nestling/shared/routes';
import { rootRouteId } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from './test/fixtures.ts';
import { createTestAppRouter, createTestServices, renderApp } from './test/render.tsx';

function matchedRoute(path: string) {
  const services = createTestServices();
  const router = createTestAppRouter(services);
  // getMatchedRoutes matches fuzzily (for not-found handling): a leftover tail lands in '**'.
  const [, rawParams, foundRoute] = router.getMatchedRoutes(path);
  return rawParams['**'] === undefined ? foundRoute : undefined;
}

describe('route tree', () => {
  it.each(portalRoutes)('%s is a route of its own', (path) => {
    const route = matchedRoute(path);
    expect(route, path).toBeDefined();
    expect(route?.id).not.toBe(rootRouteId);
  });

  it.each(['/nope', '/demo/unknown-embryo-reports', '/reports/joint/extra'])(
    '%s is not a route',
    (path) => {
      expect(matchedRoute(path)).toBeUndefined();
    },
  );
});

describe('every page', () => {
  it.each(portalRoutes)('%s has one h1, a main landmark, navigation and a footer', async (path) => {
    await renderApp(path, { user: makeUser() });
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('an unknown address says so and offers the homepage', async () => {
    const { router } = await renderApp('/no-such-page', { user: makeUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    screen.getByRole('button', { name: 'Homepage' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });

  it('an embryo page names its embryo', async () => {
    await renderApp('/embryo-reports/embryos/3', { user: makeUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Embryo report: embryo 3' }),
    ).toBeInTheDocument();
  });
});

describe('/403', () => {
  it("shows a reason the portal's server gives, and the way onward", async () => {
    await renderApp(`/403?message=${encodeURIComponent(ADMIN_ONLY)}`);
    const main = screen.getByRole('main');
    expect(await within(main).findByText(ADMIN_ONLY)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('has a default text without a message', async () => {
    await renderApp('/403');
    expect(
      await screen.findByText('Your account does not have access to that page.'),
    ).toBeInTheDocument();
  });

  it.each(['<b>Only the account holder</b>', 'Your account is locked: call +1 555 0100', '404'])(
    'does not echo other text from the address: %s',
    async (text) => {
      await renderApp(`/403?message=${encodeURIComponent(text)}`);
      const main = screen.getByRole('main');
      expect(
        await within(main).findByText('Your account does not have access to that page.'),
      ).toBeInTheDocument();
      expect(main).not.toHaveTextContent(text);
      expect(main.querySelector('b')).toBeNull();
    },
  );
});

describe('/demo-redirect', () => {
  it('explains and links onward', async () => {
    await renderApp('/demo-redirect');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go to your reports' })).toHaveAttribute(
      'href',
      '/reports',
    );
    expect(within(main).getByRole('link', { name: 'support@nestling.health' })).toHaveAttribute(
      'href',
      'mailto:support@nestling.health',
    );
  });
});

describe('legal pages', () => {
  it('/terms names the operator and links to the privacy policy', async () => {
    await renderApp('/terms');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(main).toHaveTextContent('Nestling Portal, run by Nestling Genomics');
    expect(within(main).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('/privacy says what is collected, who sees it, and how to ask for export or deletion', async () => {
    await renderApp('/privacy');
    const main = screen.getByRole('main');
    for (const topic of [
      'What we collect',
      'Who can see it',
      'How we protect it',
      'How long we keep it, and your choices',
    ]) {
      expect(within(main).getByRole('heading', { level: 2, name: topic })).toBeInTheDocument();
    }
    expect(main).toHaveTextContent('lab staff who need it to check your reports');
    expect(
      within(main).getAllByRole('link', { name: 'support@nestling.health' })[0],
    ).toHaveAttribute('href', 'mailto:support@nestling.health');
  });
});

describe('home', () => {
  it('sends lab staff on to /admin, unless they are viewing the portal as a patient', async () => {
    const staff = await renderApp('/', { user: makeUser({ isAdminUser: true }) });
    await waitFor(() => {
      expect(staff.router.state.location.pathname).toBe('/admin');
    });
    staff.unmount();

    const viewing = await renderApp('/?as_user=demo-mother', {
      user: makeUser({ isAdminUser: true }),
    });
    expect(viewing.router.state.location.href).toBe('/?as_user=demo-mother');
    viewing.unmount();

    const patient = await renderApp('/', { user: makeUser() });
    expect(patient.router.state.location.pathname).toBe('/');
  });
});

describe('search parameters', () => {
  it('/signin keeps a same-origin next and drops another site', async () => {
    const safe = await renderApp('/signin?next=%2Freports%3Ftab%3Djoint');
    expect(safe.router.state.location.search).toEqual({ next: '/reports?tab=joint' });
    safe.unmount();

    const unsafe = await renderApp('/signin?next=https%3A%2F%2Fevil.example');
    expect(unsafe.router.state.location.search).toEqual({ next: undefined });
  });

  it('/reports reads tab, as_user and email', async () => {
    const { router } = await renderApp('/reports?tab=joint&as_user=42&email=a%40b.test', {
      user: makeUser({ isAdminUser: true }),
    });
    expect(router.state.location.search).toEqual({
      tab: 'joint',
      as_user: '42',
      email: 'a@b.test',
    });
  });
});
