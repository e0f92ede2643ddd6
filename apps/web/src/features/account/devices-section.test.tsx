import type { DeviceSession } from '@nestling/shared/contract/account';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { DevicesSection, formatDateTime } from './devices-section.tsx';

beforeEach(() => {
  setAuthToken('test-token');
});

function device(overrides: Partial<DeviceSession>): DeviceSession {
  return {
    id: 'session-1',
    device: 'Chrome on Linux',
    ipAddress: null,
    createdAt: '2026-06-15T12:00:00.000Z',
    lastUsedAt: '2026-06-15T13:30:00.000Z',
    current: false,
    ...overrides,
  };
}

async function setup(devices: DeviceSession[], impersonated = false) {
  const services = createTestServices();
  let sessions = devices;
  const calls = answerRoutes(services, {
    'GET /api/user/sessions': () => Response.json({ sessions }),
    'DELETE /api/user/sessions/others': () => {
      sessions = sessions.filter((session) => session.current);
      return Response.json({ message: 'Every other device has been signed out.' });
    },
    'DELETE /api/user/sessions/phone%201': () => {
      sessions = sessions.filter((session) => session.id !== 'phone 1');
      return Response.json({ message: 'That device has been signed out.' });
    },
  });
  await renderWithRouter(<DevicesSection impersonated={impersonated} />, {
    path: '/account-settings',
    services,
  });
  return { events: userEvent.setup(), calls };
}

const devices = [
  device({ id: 'laptop', current: true, ipAddress: '10.0.0.1' }),
  device({ id: 'phone 1', device: 'Safari on iPhone' }),
  device({ id: 'tablet', device: 'Chrome on iPad' }),
];

describe('DevicesSection', () => {
  it('lists the devices, marking this one, which has no sign-out of its own', async () => {
    await setup(devices);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [laptop, phone] = items as [HTMLElement, HTMLElement];
    expect(laptop).toHaveTextContent('Chrome on Linux');
    expect(laptop).toHaveTextContent('This device');
    expect(laptop).toHaveTextContent(`Last used ${formatDateTime('2026-06-15T13:30:00.000Z')}`);
    expect(laptop).toHaveTextContent('from 10.0.0.1');
    expect(within(laptop).queryByRole('button')).not.toBeInTheDocument();
    expect(phone).not.toHaveTextContent('This device');
    expect(within(phone).getByRole('button', { name: 'Sign out' })).toHaveAccessibleDescription(
      'Safari on iPhone',
    );
  });

  it('signs out every other device with DELETE /user/sessions/others', async () => {
    const { events, calls } = await setup(devices);
    await events.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Every other device has been signed out.',
    );
    expect(calls.map((call) => call.key)).toContain('DELETE /api/user/sessions/others');
    await expect.poll(() => screen.queryAllByRole('listitem').length).toBe(1);
    expect(
      screen.queryByRole('button', { name: 'Sign out all other devices' }),
    ).not.toBeInTheDocument();
  });

  it('signs out one device', async () => {
    const { events, calls } = await setup(devices);
    const items = await screen.findAllByRole('listitem');
    await events.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('status')).toHaveTextContent('That device has been signed out.');
    expect(calls.map((call) => call.key)).toContain('DELETE /api/user/sessions/phone%201');
    await expect.poll(() => screen.queryAllByRole('listitem').length).toBe(2);
  });

  it('offers no sign-out while impersonating', async () => {
    await setup(devices, true);
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/not while impersonating/)).toBeInTheDocument();
  });
});
