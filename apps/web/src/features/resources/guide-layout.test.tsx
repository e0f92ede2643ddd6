import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { Cite, type Reference } from './citations.tsx';
import { GuideLayout } from './guide-layout.tsx';

/*
 * The layout every guide shares, on a small made-up guide: the contents lead to every section,
 * following one moves the address and the focus there, citations lead to the reference list.
 */

const REFERENCES: readonly Reference[] = [
  {
    key: 'one',
    authors: 'Author A',
    year: 2020,
    title: 'First work',
    journal: 'Journal',
    details: '1:2',
    doi: '10.1000/one',
  },
  { key: 'two', authors: 'Author B', year: 2021, title: 'Second work', journal: 'Journal' },
];

const GUIDE = {
  path: '/resources/embryo-screening-guide',
  title: 'A test guide',
  summary: 'A guide for tests.',
  readingMinutes: 3,
} as const;

function renderGuide(
  content = (
    <p>
      Text that cites <Cite refs="one" /> and <Cite refs={['one', 'two']} />.
    </p>
  ),
) {
  return renderWithRouter(
    <GuideLayout
      guide={GUIDE}
      lead="What it is for."
      sections={[
        { id: 'first', title: 'First part', content },
        { id: 'second', title: 'Second part', content: <p>More.</p> },
      ]}
      references={REFERENCES}
    />,
  );
}

describe('GuideLayout', () => {
  it('has one h1 and contents that list every h2, each link leading to its heading', async () => {
    await renderGuide();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(links.map((link) => link.textContent)).toEqual(headings.map((h) => h.textContent));
    expect(headings.map((h) => h.textContent)).toEqual(['First part', 'Second part', 'References']);
    for (const [index, link] of links.entries()) {
      expect(link).toHaveAttribute('href', `#${headings[index]?.id ?? 'missing'}`);
    }
  });

  it('following a contents link puts the section in the address and gives its heading focus', async () => {
    const { router } = await renderGuide();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    await userEvent.click(within(contents).getByRole('link', { name: 'Second part' }));
    await vi.waitFor(() => {
      expect(router.state.location.hash).toBe('second');
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Second part' })).toHaveFocus();
  });

  it('numbers the references and links each citation to its entry', async () => {
    await renderGuide();
    const [single, ...pair] = screen.getAllByRole('link', { name: /^\[?\d\]?$/ });
    expect(single).toHaveTextContent('[1]');
    expect(single).toHaveAttribute('href', '#ref-one');
    expect(pair.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['1', '#ref-one'],
      ['2', '#ref-two'],
    ]);
    const entry = document.getElementById('ref-one');
    expect(entry).toHaveTextContent('Author A (2020). First work. Journal 1:2. doi: 10.1000/one');
    expect(within(entry as HTMLElement).getByRole('link', { name: '10.1000/one' })).toHaveAttribute(
      'href',
      'https://doi.org/10.1000/one',
    );
    // A detail that is not known is left out, not guessed.
    expect(document.getElementById('ref-two')).toHaveTextContent(
      'Author B (2021). Second work. Journal.',
    );
  });

  it('following a citation gives its reference focus', async () => {
    await renderGuide();
    await userEvent.click(screen.getAllByRole('link', { name: '[1]' })[0] as HTMLElement);
    await vi.waitFor(() => {
      expect(document.getElementById('ref-one')).toHaveFocus();
    });
  });

  it('prints on request', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderGuide();
    await userEvent.click(screen.getByRole('button', { name: 'Print this guide' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
