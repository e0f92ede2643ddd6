import {
  SENSITIVE_GENE_MESSAGE,
  SENSITIVE_RULE_EXISTS,
  type SensitiveRule,
  type SensitiveRuleInput,
} from '@nestling/shared/contract/sensitive-results';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { AdminSensitiveResults } from './admin-sensitive-results.tsx';

const admin = makeUser({ id: 'demo-admin', email: 'admin@nestling.health', isAdminUser: true });

/** A fake server holding the rules, refusing a second rule for the same code as the real one. */
async function setup() {
  setAuthToken('admin-token');
  const services = createTestServices({ user: admin });
  const rules: SensitiveRule[] = [];
  const calls = answerRoutes(services, {
    'GET /api/admin/sensitive-rules': () => Response.json({ rules }),
    'POST /api/admin/sensitive-rules': (body) => {
      const input = body as SensitiveRuleInput;
      if (rules.some((rule) => rule.code === input.code)) {
        return jsonError(409, SENSITIVE_RULE_EXISTS);
      }
      const rule = { id: `rule-${String(rules.length + 1)}`, ...input, createdAt: '2026-11-20' };
      rules.push(rule);
      return Response.json(rule, { status: 201 });
    },
  });
  const rendered = await renderWithRouter(<AdminSensitiveResults />, {
    path: '/admin?tab=sensitive-results',
    user: admin,
    services,
  });
  return { ...rendered, calls, person: userEvent.setup() };
}

describe('the sensitive results tab', () => {
  it('holds back a gene, checked before sending; the same gene again is said above the button', async () => {
    const { calls, person, container } = await setup();
    const form = await screen.findByRole('form', { name: 'Add a sensitive result' });
    await person.selectOptions(within(form).getByLabelText('What to hold back'), 'gene');
    await person.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByLabelText(/^Gene symbol/)).toHaveAccessibleDescription(
      expect.stringContaining(SENSITIVE_GENE_MESSAGE) as string,
    );
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
    await expectNoAxeViolations(container);

    await person.type(within(form).getByLabelText(/^Gene symbol/), 'brca1');
    await person.type(within(form).getByLabelText(/^Note for staff/), 'Counseling first');
    await person.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => {
      expect(screen.getAllByRole('status')[0]).toHaveTextContent(
        'BRCA1 (gene) is now held back until each person chooses to see it.',
      );
    });
    expect(calls.find((call) => call.key === 'POST /api/admin/sensitive-rules')?.body).toEqual({
      kind: 'gene',
      code: 'BRCA1',
      note: 'Counseling first',
    });
    expect(within(form).getByLabelText(/^Gene symbol/)).toHaveValue('');

    await person.type(within(form).getByLabelText(/^Gene symbol/), 'BRCA1');
    await person.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(SENSITIVE_RULE_EXISTS);
    expect(within(form).getByLabelText(/^Gene symbol/)).toHaveValue('BRCA1');
  });
});
