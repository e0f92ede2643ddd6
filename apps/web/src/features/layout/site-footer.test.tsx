import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { SiteFooter } from './site-footer.tsx';

describe('SiteFooter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the current year, the rights statement, Terms and Privacy Policy', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T12:00:00Z'));
    await renderWithRouter(<SiteFooter />);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('© 2031 Nestling Genomics. All rights reserved.')).toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('uses the real year', async () => {
    await renderWithRouter(<SiteFooter />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} Nestling Genomics. All rights reserved.`,
    );
  });
});
