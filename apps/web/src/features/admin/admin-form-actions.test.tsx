import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTestServices, TestProviders } from '../../test/render.tsx';
import { AdminFormActions } from './admin-form-actions.tsx';

const idle = { isPending: false, formError: undefined };

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
    const { unmount } = renderInForm(<AdminFormActions form={idle} submitLabel="Add clinic" />);
    expect(screen.getByRole('button', { name: 'Add clinic' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    unmount();
    renderInForm(<AdminFormActions form={idle} submitLabel="Save clinic" onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says why saving failed above the buttons, and nothing while it has not', () => {
    const { unmount } = renderInForm(
      <AdminFormActions
        form={{ ...idle, formError: 'A clinic with this name exists already' }}
        submitLabel="Save"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('A clinic with this name exists already');
    unmount();
    renderInForm(<AdminFormActions form={idle} submitLabel="Save" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps what the form puts beside the buttons', () => {
    renderInForm(
      <AdminFormActions form={idle} submitLabel="Save">
        <span role="status">Saved.</span>
      </AdminFormActions>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });
});
