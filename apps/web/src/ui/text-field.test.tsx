import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field.tsx';

describe('TextField', () => {
  it('is found by its label, and its asterisk is not read as part of it', () => {
    render(<TextField label="Email" required value="" onChange={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('reads out its message and hint with the field, and marks it invalid', () => {
    render(
      <TextField
        label="Password"
        description="At least 8 characters"
        error="Use at least 8 characters"
        value="short"
        onChange={() => undefined}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Password' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Use at least 8 characters At least 8 characters');
  });

  it('shows no message for an empty one', () => {
    render(<TextField label="Email" error="" value="" onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid');
  });

  it('draws the control at its end inside the field', () => {
    render(
      <TextField
        label="Password"
        end={<button type="button">Show</button>}
        value=""
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Show' })).toBeInTheDocument();
  });
});
