import type { LabKey } from '@nestling/shared/contract/lab';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { AdminLabKeys } from './admin-lab-keys.tsx';

const staff = makeUser({ isAdminUser: true, email: 'staff@demo.test' });

const pipeline: LabKey = {
  id: 'key-1',
  name: 'Sequencing pipeline',
  prefix: 'lab_Xy3kP9aQ',
  createdByEmail: 'staff@demo.test',
  createdAt: '2026-11-02T15:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

async function setup() {
  setAuthToken('staff-token');
  const services = createTestServices({ user: staff });
  const keys: LabKey[] = [pipeline];
  const calls = answerRoutes(services, {
    'GET /api/admin/lab-keys': () => Response.json({ keys }),
    'POST /api/admin/lab-keys': (body) => {
      const made: LabKey = {
        ...pipeline,
        id: 'key-2',
        name: (body as { name: string }).name,
        prefix: 'lab_Nw8tQ2zR',
      };
      keys.unshift(made);
      return Response.json({ key: 'lab_Nw8tQ2zR-the-whole-secret', labKey: made }, { status: 201 });
    },
    'DELETE /api/admin/lab-keys/key-1': () => {
      const revoked = { ...pipeline, revokedAt: '2026-11-03T10:00:00.000Z' };
      keys.splice(keys.indexOf(pipeline), 1, revoked);
      return Response.json(revoked);
    },
  });
  const rendered = await renderWithRouter(<AdminLabKeys />, {
    path: '/admin?tab=lab-keys',
    user: staff,
    services,
  });
  return { ...rendered, calls, person: userEvent.setup() };
}

describe('the lab API keys tab', () => {
  it('makes a key, shows it once to copy, lists it, and revokes one after asking', async () => {
    const { person, calls, container } = await setup();
    const table = await screen.findByRole('table', { name: 'Keys' });
    expect(within(table).getByRole('row', { name: /Sequencing pipeline/ })).toHaveTextContent(
      'lab_Xy3kP9aQ…',
    );
    await expectNoAxeViolations(container);

    // A name is asked for first.
    await person.click(screen.getByRole('button', { name: 'Make the key' }));
    expect(screen.getByRole('textbox', { name: /What it is for/ })).toHaveAccessibleDescription(
      /Name the key/,
    );
    expect(calls.filter((call) => call.key === 'POST /api/admin/lab-keys')).toEqual([]);

    await person.type(screen.getByRole('textbox', { name: /What it is for/ }), ' Backup sender ');
    await person.click(screen.getByRole('button', { name: 'Make the key' }));
    const shown = await screen.findByRole('status', { name: /The key for Backup sender/ });
    expect(shown).toHaveTextContent('lab_Nw8tQ2zR-the-whole-secret');
    expect(shown).toHaveTextContent('It is not shown again');
    expect(calls.find((call) => call.key === 'POST /api/admin/lab-keys')?.body).toEqual({
      name: 'Backup sender',
    });
    expect(await within(table).findByRole('row', { name: /Backup sender/ })).toBeInTheDocument();
    await person.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('lab_Nw8tQ2zR-the-whole-secret')).not.toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Revoke Sequencing pipeline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Sequencing pipeline?' });
    await person.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    expect(
      await within(table).findByRole('row', { name: /Sequencing pipeline.*Revoked/ }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'DELETE /api/admin/lab-keys/key-1')).toBe(true);
  });
});
