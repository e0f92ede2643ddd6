import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ScrollRegion } from './scroll-region.tsx';

function Documents({ phoneLayout }: { phoneLayout?: 'cards' | 'scroll' }) {
  const [rows, setRows] = useState(['Consent']);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setRows((current) => [...current, 'Invoice']);
        }}
      >
        Add a row
      </button>
      <ScrollRegion label="Your documents" {...(phoneLayout ? { phoneLayout } : {})}>
        <table>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Kind</th>
              <th scope="col">
                <span>Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                <td>Letter</td>
                <td>
                  <button type="button">View {row}</button>
                </td>
              </tr>
            ))}
            <tr>
              <td colSpan={3}>That is all.</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

describe('ScrollRegion', () => {
  it("labels each cell with its column's heading for the phone's cards, rows added later too", async () => {
    render(<Documents />);
    const region = screen.getByRole('region', { name: 'Your documents' });
    const cells = () => within(region).getAllByRole('cell');
    expect(cells().map((cell) => cell.dataset.label)).toEqual(['Kind', 'Open', undefined]);

    fireEvent.click(screen.getByRole('button', { name: 'Add a row' }));
    await screen.findByRole('button', { name: 'View Invoice' });
    // Two rows of two labeled cells; the closing row spans every column and has no label.
    expect(cells().map((cell) => cell.dataset.label)).toEqual([
      'Kind',
      'Open',
      'Kind',
      'Open',
      undefined,
    ]);
  });

  it('leaves a table that scrolls sideways on a phone as it is', () => {
    render(<Documents phoneLayout="scroll" />);
    const region = screen.getByRole('region', { name: 'Your documents' });
    expect(
      within(region)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual([undefined, undefined, undefined]);
  });
});
