import {
  effectiveRiskCondition,
  publishedRiskConditions,
  RISK_NOTE_MESSAGE,
  RISK_NOTHING_SET_MESSAGE,
  RISK_R2_ABOVE_H2_MESSAGE,
  type LabRiskValues,
  type RiskConditionUpdate,
} from '@nestling/shared/contract/risk-calculator';
import type { DiseaseCode } from '@nestling/shared/catalogue/diseases';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { AdminPage } from './admin-page.tsx';

const admin = makeUser({ id: 'demo-admin', email: 'admin@nestling.health', isAdminUser: true });
const NOTE = 'Our patients, internal audit 2026';

/** A fake server holding the lab's values, answering as the real one does. */
function fakeServer() {
  const lab = new Map<DiseaseCode, LabRiskValues>();
  const conditions = () =>
    publishedRiskConditions().map((condition) =>
      effectiveRiskCondition(condition.code, lab.get(condition.code)),
    );
  const codeOf = (url: URL) => url.pathname.split('/').at(-1) as DiseaseCode;
  const routes: Record<string, RouteHandler> = {
    'GET /api/risk-calculator/conditions': () => Response.json({ conditions: conditions() }),
    'PUT /api/admin/risk-conditions/scz': (body, url) => {
      const update = body as RiskConditionUpdate;
      lab.set(codeOf(url), {
        ...update,
        changedAt: '2026-11-20T10:00:00.000Z',
        changedBy: 'admin@nestling.health',
      });
      return Response.json(effectiveRiskCondition(codeOf(url), lab.get(codeOf(url))));
    },
    'DELETE /api/admin/risk-conditions/scz': (_body, url) => {
      lab.delete(codeOf(url));
      return Response.json(effectiveRiskCondition(codeOf(url), undefined));
    },
  };
  return { lab, routes };
}

async function setup(routes: Record<string, RouteHandler>) {
  setAuthToken('admin-token');
  const services = createTestServices({ user: admin });
  const calls = answerRoutes(services, routes);
  const rendered = await renderWithRouter(<AdminPage tab="risk-values" />, {
    path: '/admin',
    user: admin,
    services,
  });
  return { ...rendered, calls, user: userEvent.setup() };
}

const table = () => screen.findByRole('table', { name: 'Risk calculator values' });
const rowOf = async (name: string) =>
  within(await table()).getByRole('row', { name: new RegExp(`^${name}`) });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('admin risk calculator values', () => {
  it('lists every condition with its values, published or set by the lab', async () => {
    const { container } = await setup(fakeServer().routes);
    expect(within(await table()).getAllByRole('row')).toHaveLength(19);
    expect(cellsOf(await rowOf('Schizophrenia'))).toEqual([
      '1%',
      '0.07',
      '0.81',
      'Published',
      'Edit',
    ]);
    expect(cellsOf(await rowOf('Alcohol Use Disorder')).slice(0, 3)).toEqual([
      '29.1%',
      '0.02',
      '0.49',
    ]);
    await expectNoAxeViolations(container);
  });

  it('sets a prevalence in % with a note, then restores the published values', async () => {
    const server = fakeServer();
    const { calls, user, container } = await setup(server.routes);
    await user.click(
      within(await rowOf('Schizophrenia')).getByRole('button', { name: 'Edit Schizophrenia' }),
    );
    const form = screen.getByRole('form', { name: 'Values for Schizophrenia' });
    expect(within(form).getByRole('heading', { name: 'Values for Schizophrenia' })).toHaveFocus();
    expect(within(form).getByLabelText('Prevalence in %')).toHaveAccessibleDescription(
      'Now the published 1%. Leave blank to keep it.',
    );
    // No restore while everything is published.
    expect(within(form).queryByRole('button', { name: 'Restore published values' })).toBeNull();
    await expectNoAxeViolations(container);

    await user.type(within(form).getByLabelText('Prevalence in %'), '0.72');
    await user.type(within(form).getByLabelText(/^Note/), NOTE);
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => {
      expect(screen.queryByRole('form', { name: 'Values for Schizophrenia' })).toBeNull();
    });
    expect(calls.find((call) => call.key === 'PUT /api/admin/risk-conditions/scz')?.body).toEqual({
      prevalence: 0.0072,
      r2: null,
      heritability: null,
      note: NOTE,
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Schizophrenia now starts from the lab’s values.',
    );
    await waitFor(async () => {
      expect(cellsOf(await rowOf('Schizophrenia')).slice(0, 4)).toEqual([
        '0.72%',
        '0.07',
        '0.81',
        'Set by the lab (prevalence)by admin@nestling.health',
      ]);
    });
    const edit = screen.getByRole('button', { name: 'Edit Schizophrenia' });
    expect(edit).toHaveFocus();

    // Opened again, the form holds the lab's value and note.
    await user.click(edit);
    const again = screen.getByRole('form', { name: 'Values for Schizophrenia' });
    expect(within(again).getByLabelText('Prevalence in %')).toHaveValue('0.72');
    expect(within(again).getByLabelText(/^Note/)).toHaveValue(NOTE);
    await user.click(within(again).getByRole('button', { name: 'Restore published values' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Restore the published values of Schizophrenia?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(async () => {
      expect(cellsOf(await rowOf('Schizophrenia'))[3]).toBe('Published');
    });
    expect(calls.some((call) => call.key === 'DELETE /api/admin/risk-conditions/scz')).toBe(true);
    expect(server.lab.size).toBe(0);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Schizophrenia is back to the published values.',
    );
  });

  it('checks the values before sending: fractions, r² within h², a note, one value at least', async () => {
    const { calls, user } = await setup(fakeServer().routes);
    await user.click(await screen.findByRole('button', { name: 'Edit Schizophrenia' }));
    const form = screen.getByRole('form', { name: 'Values for Schizophrenia' });
    const save = () => user.click(within(form).getByRole('button', { name: 'Save' }));

    await save();
    expect(within(form).getByLabelText(/^Note/)).toHaveAccessibleDescription(
      expect.stringContaining(RISK_NOTE_MESSAGE) as string,
    );
    expect(within(form).getByRole('alert')).toHaveTextContent(RISK_NOTHING_SET_MESSAGE);

    await user.type(within(form).getByLabelText(/^Note/), NOTE);
    await user.type(within(form).getByLabelText('Prevalence in %'), '100');
    await user.type(within(form).getByLabelText(/^Score r²/), 'x');
    await save();
    expect(within(form).getByLabelText('Prevalence in %')).toBeInvalid();
    expect(within(form).getByLabelText(/^Score r²/)).toBeInvalid();

    await user.clear(within(form).getByLabelText('Prevalence in %'));
    await user.clear(within(form).getByLabelText(/^Score r²/));
    // The published h² of schizophrenia is 0.81.
    await user.type(within(form).getByLabelText(/^Score r²/), '0.9');
    await save();
    expect(within(form).getByLabelText(/^Score r²/)).toHaveAccessibleDescription(
      expect.stringContaining(RISK_R2_ABOVE_H2_MESSAGE) as string,
    );
    expect(calls.some((call) => call.key.startsWith('PUT '))).toBe(false);
  });

  it("shows the server's refusal beside the form", async () => {
    const { routes } = fakeServer();
    const { user } = await setup({
      ...routes,
      'PUT /api/admin/risk-conditions/scz': () => jsonError(400, RISK_R2_ABOVE_H2_MESSAGE),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Schizophrenia' }));
    const form = screen.getByRole('form', { name: 'Values for Schizophrenia' });
    await user.type(within(form).getByLabelText(/^Heritability h²/), '0.5');
    await user.type(within(form).getByLabelText(/^Note/), NOTE);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(RISK_R2_ABOVE_H2_MESSAGE);
    expect(screen.getByRole('form', { name: 'Values for Schizophrenia' })).toBeInTheDocument();
  });

  it('says when the values cannot be loaded', async () => {
    await setup({
      'GET /api/risk-calculator/conditions': () => jsonError(500, 'Internal Server Error'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The values could not be loaded');
  });
});
