import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAuthToken } from '../../lib/auth-cookie.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderApp, renderWithRouter } from '../../test/render.tsx';
import { TEST_PLACES } from './portal-places.ts';
import { SiteHeader } from './site-header.tsx';

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('SiteHeader', () => {
  it('signed out: the logo and a Sign in link only', async () => {
    await renderWithRouter(<SiteHeader user={null} onSignOut={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Nestling home' })).toHaveAttribute('href', '/');
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Sign in']);
    expect(links[0]).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it("shows the lab's logo, when one is set, as the link home", async () => {
    const services = createTestServices();
    services.config = {
      ...services.config,
      brand: { ...services.config.brand, logoUrl: '/brand/logo' },
    };
    await renderWithRouter(<SiteHeader user={null} onSignOut={vi.fn()} />, { services });
    const home = screen.getByRole('link', { name: 'Nestling home' });
    // The link names the place; the logo inside it is not read out a second time.
    expect(within(home).getByRole('presentation')).toHaveAttribute('src', '/brand/logo');
    expect(home).not.toHaveTextContent('Nestling');
  });

  it('while the user loads: only the logo', async () => {
    await renderWithRouter(<SiteHeader user={undefined} loading onSignOut={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Nestling home' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('signed in: Reports, Resources, the name to account settings and Sign out', async () => {
    await renderWithRouter(<SiteHeader user={makeUser()} onSignOut={vi.fn()} />);
    const nav = within(mainNav());
    expect(
      nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Reports', '/reports'],
      ['Resources', '/resources'],
      ['Ada Lovelace', '/account-settings'],
    ]);
    expect(nav.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it("'Your tests' opens a list reaching every page of a test, and Escape closes it", async () => {
    const user = userEvent.setup();
    await renderWithRouter(<SiteHeader user={makeUser()} onSignOut={vi.fn()} />);
    const button = within(mainNav()).getByRole('button', { name: 'Your tests' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (list === null) throw new Error('the button controls no list');
    expect(list).toBeVisible();
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual(TEST_PLACES.map((place) => [place.label, place.to]));
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(list).not.toBeVisible();
  });

  it('shows My Data only with enableDataPortal', async () => {
    const { unmount } = await renderWithRouter(
      <SiteHeader user={makeUser({ enableDataPortal: true })} onSignOut={vi.fn()} />,
    );
    expect(within(mainNav()).getByRole('link', { name: 'My Data' })).toHaveAttribute(
      'href',
      '/my-data',
    );
    unmount();

    await renderWithRouter(
      <SiteHeader user={makeUser({ enableDataPortal: false })} onSignOut={vi.fn()} />,
    );
    expect(within(mainNav()).queryByRole('link', { name: 'My Data' })).toBeNull();
  });

  it('shows Admin to lab staff only', async () => {
    const { unmount } = await renderWithRouter(
      <SiteHeader user={makeUser({ isAdminUser: true })} onSignOut={vi.fn()} />,
    );
    expect(within(mainNav()).getByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin',
    );
    unmount();

    await renderWithRouter(<SiteHeader user={makeUser()} onSignOut={vi.fn()} />);
    expect(within(mainNav()).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it("shows 'My Account' when the user has no name", async () => {
    await renderWithRouter(
      <SiteHeader user={makeUser({ name: { First: null, Last: ' ' } })} onSignOut={vi.fn()} />,
    );
    expect(within(mainNav()).getByRole('link', { name: 'My Account' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
  });

  it('marks the current page', async () => {
    await renderWithRouter(<SiteHeader user={makeUser()} onSignOut={vi.fn()} />, {
      path: '/resources',
    });
    expect(within(mainNav()).getByRole('link', { name: 'Resources' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('the phone menu has sub-headings, account settings, log out and social links', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn();
    await renderWithRouter(
      <SiteHeader user={makeUser({ enableDataPortal: true })} onSignOut={onSignOut} />,
    );
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    const menu = within(dialog);
    expect(menu.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Reports',
      'Your tests',
      'Learn',
      'Account',
    ]);
    // Every page of a test has its place.
    const tests = within(menu.getByRole('region', { name: 'Your tests' }));
    expect(tests.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      TEST_PLACES.map((place) => place.to),
    );
    expect(menu.getByRole('link', { name: 'My Data' })).toHaveAttribute('href', '/my-data');
    expect(menu.getByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
    expect(menu.getByRole('link', { name: 'Nestling Genomics website' })).toHaveAttribute(
      'href',
      'https://nestling.health',
    );
    expect(menu.getByRole('link', { name: 'Email Nestling Genomics support' })).toHaveAttribute(
      'href',
      'mailto:support@nestling.health',
    );

    // No social profile is set: no such icon is invented.
    expect(menu.queryByRole('link', { name: /on (Instagram|Facebook|X|LinkedIn)/ })).toBeNull();

    await user.click(menu.getByRole('button', { name: 'Log out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('the phone menu shows an icon for each social profile the lab has, and only those', async () => {
    const user = userEvent.setup();
    const services = createTestServices();
    services.config = {
      ...services.config,
      brand: {
        ...services.config.brand,
        socialProfiles: [
          { network: 'instagram', url: 'https://www.instagram.com/nestling' },
          { network: 'linkedin', url: 'https://www.linkedin.com/company/nestling' },
        ],
      },
    };
    await renderWithRouter(<SiteHeader user={makeUser()} onSignOut={vi.fn()} />, { services });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(await screen.findByRole('dialog', { name: 'Menu' }));
    const instagram = menu.getByRole('link', { name: 'Nestling Genomics on Instagram' });
    expect(instagram).toHaveAttribute('href', 'https://www.instagram.com/nestling');
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(instagram).toHaveAttribute('rel', 'noopener noreferrer');
    expect(menu.getByRole('link', { name: 'Nestling Genomics on LinkedIn' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/company/nestling',
    );
    expect(menu.queryByRole('link', { name: /on (Facebook|X|YouTube)$/ })).toBeNull();
  });
});

describe('signing out', () => {
  it('clears the auth cookie and goes to /signin', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/terms', { user: makeUser() });
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    expect(getAuthToken()).toBe('test-token');

    await user.click(signOut);

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/signin');
    });
    expect(getAuthToken()).toBeUndefined();
    expect(within(mainNav()).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});
