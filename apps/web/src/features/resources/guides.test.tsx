import { normalCdf, normalPdf, normalSf, normalSfQuantile } from '@nestling/shared/risk/normal';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { EmbryoGuidePage, SELECTION_EXAMPLE } from './embryo-guide-page.tsx';
import { EMBRYO_GUIDE, REPORT_GUIDE, WORDS_PER_MINUTE, type GuideSummary } from './guides.ts';
import { ReportGuidePage } from './report-guide-page.tsx';

/*
 * Both guides as a reader meets them: contents that reach every section, references numbered in
 * the order they are first cited with every citation pointing at one, diagrams with a name and a
 * description, the stated reading time, and no axe finding (contrast is left to the browser).
 */

const GUIDES: readonly [GuideSummary, () => ReactNode][] = [
  [REPORT_GUIDE, () => <ReportGuidePage />],
  [EMBRYO_GUIDE, () => <EmbryoGuidePage />],
];

describe.each(GUIDES)('$title', (guide, page) => {
  async function renderGuide() {
    const result = await renderWithRouter(page());
    await screen.findByRole('heading', { level: 1, name: guide.title });
    return result;
  }

  it('lists every section in its contents, each link leading to an h2 of that id', async () => {
    await renderGuide();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(links.map((link) => link.textContent)).toEqual(headings.map((h) => h.textContent));
    for (const [index, heading] of headings.entries()) {
      expect(heading.id).toMatch(/^[a-z0-9-]+$/);
      expect(links[index]).toHaveAttribute('href', `#${heading.id}`);
    }
    expect(headings.at(-1)).toHaveTextContent('References');
  });

  it('numbers its references in the order first cited, and every citation points at one', async () => {
    const { container } = await renderGuide();
    const references = document.getElementById('references')?.closest('section');
    const entries = within(references as HTMLElement).getAllByRole('listitem');
    const numberOf = new Map(entries.map((entry, index) => [`#${entry.id}`, index + 1]));

    const citations = [...container.querySelectorAll<HTMLAnchorElement>('a[href^="#ref-"]')];
    expect(citations.length).toBeGreaterThan(0);
    const firstCited: number[] = [];
    for (const citation of citations) {
      const href = citation.getAttribute('href') ?? '';
      const number = numberOf.get(href);
      expect(number, `${href} is in the list`).toBeDefined();
      // '[3]' for one citation, '3' inside '[1, 3]'.
      expect(citation.textContent.replace(/[[\]]/g, '')).toBe(String(number));
      if (number !== undefined && !firstCited.includes(number)) firstCited.push(number);
    }
    expect(firstCited).toEqual(entries.map((_, index) => index + 1));
  });

  it('draws its diagrams as images with a name and a description', async () => {
    await renderGuide();
    const diagrams = screen.getAllByRole('img');
    expect(diagrams.length).toBeGreaterThan(0);
    for (const diagram of diagrams) {
      expect(diagram.tagName.toLowerCase()).toBe('svg');
      expect(diagram).toHaveAttribute('viewBox');
      expect(diagram).toHaveAttribute('width', '100%');
      expect(diagram.getAttribute('aria-labelledby')).toBe(diagram.querySelector('title')?.id);
      expect(diagram.getAttribute('aria-describedby')).toBe(diagram.querySelector('desc')?.id);
      expect(diagram).toHaveAccessibleName(/\w{3,}/);
      expect(diagram).toHaveAccessibleDescription(/.{80,}/);
    }
  });

  it('takes about as long to read as the resources page says', async () => {
    const { container } = await renderGuide();
    const article = container.querySelector('article');
    const copy = article?.cloneNode(true) as HTMLElement;
    // The contents and the reference list are looked up, not read through.
    copy.querySelector('nav')?.remove();
    copy.querySelector('#references')?.closest('section')?.remove();
    const words = (copy.textContent.match(/\S+/g) ?? []).length;
    const minutes = words / WORDS_PER_MINUTE;
    expect(Math.abs(minutes - guide.readingMinutes), `${String(words)} words`).toBeLessThan(1);
  });

  it('passes axe', async () => {
    const { container } = await renderGuide();
    await expectNoAxeViolations(container);
  });
});

/** The child's lifetime risk under the liability threshold model (Lencz et al. 2021), summed on a grid. */
function selectedRisk({
  prevalence,
  r2,
  embryos,
  excludeTop,
}: {
  prevalence: number;
  r2: number;
  embryos: number;
  /** Choose any embryo whose score is outside the population's top fraction; else the lowest. */
  excludeTop?: number;
}): number {
  const zK = normalSfQuantile(prevalence);
  const r = Math.sqrt(r2);
  const half = r / Math.SQRT2;
  const step = 0.01;
  const grid = Array.from({ length: 1601 }, (_, i) => -8 + i * step);
  if (excludeTop === undefined) {
    // The lowest of n embryos' own deviations t has density n·φ(t)·Φ̄(t)^(n−1).
    return grid.reduce(
      (sum, t) =>
        sum +
        step *
          embryos *
          normalPdf(t) *
          normalSf(t) ** (embryos - 1) *
          normalSf((zK - t * half) / Math.sqrt(1 - r2 / 2)),
      0,
    );
  }
  const cutOff = normalSfQuantile(excludeTop) * r;
  const risk = (score: number) => normalSf((zK - score) / Math.sqrt(1 - r2));
  return grid.reduce((total, v) => {
    const shared = v * half;
    const gamma = (cutOff - shared) / half;
    let below = 0;
    let above = 0;
    for (const u of grid) {
      const weight = step * normalPdf(u) * risk(shared + u * half);
      if (u < gamma) below += weight;
      else above += weight;
    }
    const noneBelow = normalSf(gamma) ** embryos;
    const expected =
      (1 - noneBelow) * (below / normalCdf(gamma)) + noneBelow * (above / normalSf(gamma));
    return total + step * normalPdf(v) * expected;
  }, 0);
}

describe('the embryo guide’s worked example', () => {
  const { varianceExplained: r2, prevalencePer100, lowestOf, excludeTop, rare } = SELECTION_EXAMPLE;
  const prevalence = prevalencePer100 / 100;

  it.each(lowestOf)(
    'the lowest of $embryos embryos: $riskPer100 in 100',
    ({ embryos, riskPer100 }) => {
      expect(selectedRisk({ prevalence, r2, embryos }) * 100).toBeCloseTo(riskPer100, 1);
    },
  );

  it('five embryos, outside the top 2 in 100 scores', () => {
    const risk = selectedRisk({
      prevalence,
      r2,
      embryos: excludeTop.embryos,
      excludeTop: excludeTop.topPercent / 100,
    });
    expect(risk * 100).toBeCloseTo(excludeTop.riskPer100, 1);
  });

  it('a rarer condition, the lowest of five', () => {
    const risk = selectedRisk({
      prevalence: rare.prevalencePer100 / 100,
      r2,
      embryos: rare.embryos,
    });
    expect(risk * 100).toBeCloseTo(rare.riskPer100, 1);
  });

  it('no choice leaves the population’s risk', () => {
    expect(selectedRisk({ prevalence, r2, embryos: 1 })).toBeCloseTo(prevalence, 6);
  });
});
