import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { InviteBanner } from './invite-banner.tsx';

describe('InviteBanner', () => {
  it("says who invited, offers support and an 'Accept invite' link", async () => {
    await renderWithRouter(<InviteBanner email="mother@demo.test" id="abc123" />);
    expect(
      screen.getByText(
        "You've been invited to be the partner on mother@demo.test's preconception report",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@nestling.health' })).toHaveAttribute(
      'href',
      'mailto:support@nestling.health',
    );
    expect(screen.getByRole('link', { name: 'Accept invite' })).toHaveAttribute(
      'href',
      '/saliva/invite/accept/abc123',
    );
    expect(screen.getByRole('region', { name: 'Partner invite' })).toBeInTheDocument();
  });

  it('encodes the invite id in the link', async () => {
    await renderWithRouter(<InviteBanner email="a@b.test" id="a/b c" />);
    expect(screen.getByRole('link', { name: 'Accept invite' })).toHaveAttribute(
      'href',
      '/saliva/invite/accept/a%2Fb%20c',
    );
  });
});
