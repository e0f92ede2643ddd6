import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { createTestServices, TestProviders } from '../../test/render.tsx';
import { AdminFormActions } from './admin-form-actions.tsx';

const idle = { isError: false, isPending: false, error: null };

function renderInForm(children: ReactNode) {
  return render(
    <TestProviders services={createTestServices()}>
      <form>{children}</form>
    </TestProviders>,
  );
}

describe('AdminFormActions', () => {
  it('offers Close only while a record is edited', async () => {
    const onClose = vi.fn();
    const { unmount } = renderInForm(<AdminFormActions action={idle} submitLabel="Add clinic" />);
    expect(screen.getByRole('button', { name: 'Add clinic' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    unmount();
    renderInForm(<AdminFormActions action={idle} submitLabel="Save clinic" onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says why saving failed, unless the server named a field, which shows it there', () => {
    const refused = new ApiError('A clinic with this name exists already', 409);
    const { unmount } = renderInForm(
      <AdminFormActions action={{ ...idle, isError: true, error: refused }} submitLabel="Save" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('A clinic with this name exists already');
    unmount();
    const fieldRefused = new ApiError('Invalid request: body.phone: Enter a phone number', 400);
    renderInForm(
      <AdminFormActions
        action={{ ...idle, isError: true, error: fieldRefused }}
        submitLabel="Save"
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
