import type { ReportChanges } from '@nestling/shared/contract/report-view';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { createTestServices, TestProviders } from '../../test/render.tsx';
import { ReportChangesCallout } from './report-changes.tsx';

function renderCallout(changes: ReportChanges) {
  const { container } = render(
    <TestProviders services={createTestServices()}>
      <ReportChangesCallout changes={changes} />
    </TestProviders>,
  );
  return container;
}

describe('what changed since the version last opened', () => {
  it('gives each newer version’s changelog and the changed results, accessibly', async () => {
    const container = renderCallout({
      sinceVersion: 1,
      changelogs: [
        { version: 2, changelog: 'Recalibrated the diabetes model.' },
        { version: 3, changelog: 'Added a carrier finding.' },
      ],
      items: [
        'Type 2 Diabetes: the lifetime risk is now 9.1% (was 8.2%).',
        'Coronary Artery Disease: no longer reported.',
      ],
      more: 3,
    });
    const section = screen.getByRole('region', {
      name: 'What changed since version 1, the one you last opened',
    });
    expect(section).toHaveTextContent('Version 2: Recalibrated the diabetes model.');
    expect(section).toHaveTextContent('Version 3: Added a carrier finding.');
    const items = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Type 2 Diabetes: the lifetime risk is now 9.1% (was 8.2%).',
      'Coronary Artery Disease: no longer reported.',
    ]);
    expect(section).toHaveTextContent('and 3 more changes, in the sections below.');
    await expectNoAxeViolations(container);
  });

  it('says so when only the wording changed, not the results', () => {
    renderCallout({
      sinceVersion: 2,
      changelogs: [{ version: 3, changelog: 'Corrected a typo.' }],
      items: [],
      more: 0,
    });
    expect(screen.getByText('None of the results on this page changed.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
