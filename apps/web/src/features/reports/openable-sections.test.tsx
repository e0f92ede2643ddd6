import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaticMantineProvider } from '../../app/static-mantine-provider.tsx';
import { OpenableSection, OpenableSections, OpenAllButtons } from './openable-sections.tsx';

function Report({ drawn }: { drawn: (id: string) => void }) {
  const detail = (id: string) => () => {
    drawn(id);
    return <p>Charts of {id}</p>;
  };
  return (
    <StaticMantineProvider env="test">
      <OpenableSections>
        <a href="#disease-cad">Coronary artery disease, in the table</a>
        <OpenAllButtons />
        <OpenableSection id="disease-t2d" title="Type 2 Diabetes" gist="Your risk 12.0%">
          {detail('disease-t2d')}
        </OpenableSection>
        <OpenableSection id="disease-cad" title="Coronary Artery Disease" gist="Your risk 6.0%">
          {detail('disease-cad')}
        </OpenableSection>
      </OpenableSections>
    </StaticMantineProvider>
  );
}

const button = (name: string) => screen.getByRole('button', { name });

afterEach(() => {
  window.location.hash = '';
});

describe('OpenableSections', () => {
  it('draws nothing of a closed section but its heading and gist, and opens it on demand', () => {
    const drawn = vi.fn();
    render(<Report drawn={drawn} />);
    expect(screen.getByRole('region', { name: 'Type 2 Diabetes' })).toHaveTextContent(
      'Your risk 12.0%',
    );
    expect(screen.queryByText(/Charts of/)).toBeNull();
    expect(drawn).not.toHaveBeenCalled();
    expect(button('Type 2 Diabetes')).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(button('Type 2 Diabetes'));
    expect(button('Type 2 Diabetes')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Charts of disease-t2d')).toBeVisible();
    expect(screen.queryByText('Charts of disease-cad')).toBeNull();

    fireEvent.click(button('Type 2 Diabetes'));
    expect(screen.queryByText(/Charts of/)).toBeNull();
  });

  it('opens the section its address names, and the one a link on the page leads to', () => {
    window.location.hash = '#disease-cad';
    render(<Report drawn={() => undefined} />);
    expect(screen.getByText('Charts of disease-cad')).toBeVisible();
    expect(screen.queryByText('Charts of disease-t2d')).toBeNull();

    fireEvent.click(button('Coronary Artery Disease'));
    expect(screen.queryByText('Charts of disease-cad')).toBeNull();
    // The address still names it: the link opens it again all the same.
    fireEvent.click(screen.getByRole('link', { name: /in the table/ }));
    expect(screen.getByText('Charts of disease-cad')).toBeVisible();

    act(() => {
      window.location.hash = '#disease-t2d';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByText('Charts of disease-t2d')).toBeVisible();
  });

  it('opens and closes every section, and opens every one to print', () => {
    render(<Report drawn={() => undefined} />);
    fireEvent.click(button('Open all sections'));
    expect(screen.getAllByText(/Charts of/)).toHaveLength(2);
    // One closed after 'Open all' leaves the others open.
    fireEvent.click(button('Type 2 Diabetes'));
    expect(screen.getAllByText(/Charts of/)).toHaveLength(1);
    fireEvent.click(button('Close all sections'));
    expect(screen.queryByText(/Charts of/)).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getAllByText(/Charts of/)).toHaveLength(2);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(screen.queryByText(/Charts of/)).toBeNull();
  });
});
