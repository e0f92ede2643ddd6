import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { EMBRYO_GUIDE, REPORT_GUIDE } from './guides.ts';
import { ResourcesPage } from './resources-page.tsx';

describe('ResourcesPage', () => {
  it('has a card for each guide, with its summary and reading time, and one for the calculator', async () => {
    const { container } = await renderWithRouter(<ResourcesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Resources' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(3);
    for (const [index, guide] of [REPORT_GUIDE, EMBRYO_GUIDE].entries()) {
      const card = cards[index] as HTMLElement;
      expect(within(card).getByRole('link', { name: guide.title })).toHaveAttribute(
        'href',
        guide.path,
      );
      expect(card).toHaveTextContent(guide.summary);
      expect(card).toHaveTextContent(`about ${String(guide.readingMinutes)} minutes to read`);
    }
    expect(
      within(cards[2] as HTMLElement).getByRole('link', { name: 'Risk calculator' }),
    ).toHaveAttribute('href', '/risk-calculator');
    await expectNoAxeViolations(container);
  });
});
