import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { AuthPageLayout } from './auth-page-layout.tsx';

describe('AuthPageLayout', () => {
  it('puts the form first and the brand panel, with how data is protected, after it', async () => {
    await renderWithRouter(
      <AuthPageLayout>
        <h1>Sign in</h1>
      </AuthPageLayout>,
    );
    const panel = await screen.findByRole('complementary', { name: 'How we protect your data' });
    expect(within(panel).getByText('Nestling')).toBeInTheDocument();
    expect(
      within(panel).getByText(/each page they see is recorded/, { exact: false }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    // Reading order: the form's heading comes before the panel.
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
