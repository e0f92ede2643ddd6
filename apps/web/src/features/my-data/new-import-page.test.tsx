import {
  IMPORT_FILE_REFUSED,
  IMPORT_MAX_BYTES,
  IMPORT_TOO_LARGE,
} from '@nestling/shared/contract/my-data';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { IMPORT_EMPTY_FILE } from '@nestling/shared/contract/my-data';
import { IMPORT_NO_FILE } from './import-text.ts';
import { MyDataPage } from './my-data-page.tsx';
import { NewImportPage } from './new-import-page.tsx';

const user = makeUser({ enableDataPortal: true });

afterEach(() => {
  vi.restoreAllMocks();
});

async function setup(path = '/my-data/new-import') {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const calls = answerRoutes(services, {
    'GET /api/my-data/jobs': () => Response.json({ jobs: [] }),
  });
  // tus-js-client sends with XMLHttpRequest: no upload may begin in these tests.
  const xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open');
  const rendered = await renderWithRouter(
    <MyDataPage
      title="My data: new import"
      purpose="Upload a genetic data file from another provider."
    >
      <NewImportPage />
    </MyDataPage>,
    { path, user, services },
  );
  // As if the person chose "All files" in the file dialog: the input's accept list is a hint.
  return { ...rendered, calls, xhrOpen, user: userEvent.setup({ applyAccept: false }) };
}

/** A file whose size is `size` without holding that many bytes. */
function fileOfSize(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'application/gzip' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('the new import page', () => {
  it('explains what to import and refuses a wrong ending before any upload', async () => {
    const { container, calls, xhrOpen, user: person } = await setup();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'My data: new import',
    );
    expect(screen.getByText(/23andMe or AncestryDNA/)).toHaveTextContent('up to 2 GB');
    expect(screen.getByRole('link', { name: 'imports page' })).toHaveAttribute(
      'href',
      '/my-data/imports',
    );

    const input = screen.getByLabelText('Genetic data file');
    await person.upload(input, new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_FILE_REFUSED);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(IMPORT_FILE_REFUSED));

    await person.click(screen.getByRole('button', { name: 'Upload and import' }));
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_FILE_REFUSED);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(xhrOpen).not.toHaveBeenCalled();
    expect(calls.map((call) => call.key)).toEqual(['GET /api/my-data/jobs']);
    await expectNoAxeViolations(container);
  });

  it('refuses a file larger than 2 GB and an empty file without calling the server', async () => {
    const { calls, xhrOpen, user: person } = await setup();
    const input = await screen.findByLabelText('Genetic data file');

    await person.upload(input, fileOfSize('genome.vcf.gz', IMPORT_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_TOO_LARGE);
    await person.click(screen.getByRole('button', { name: 'Upload and import' }));
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_TOO_LARGE);

    await person.upload(input, fileOfSize('genome.txt', 0));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_EMPTY_FILE);
    await person.click(screen.getByRole('button', { name: 'Upload and import' }));

    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(xhrOpen).not.toHaveBeenCalled();
    expect(calls.map((call) => call.key)).toEqual(['GET /api/my-data/jobs']);
  });

  it('accepts a file of exactly 2 GB with a good ending, and asks for a file when none is chosen', async () => {
    const { user: person } = await setup();
    const input = await screen.findByLabelText('Genetic data file');
    await person.click(screen.getByRole('button', { name: 'Upload and import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_NO_FILE);
    expect(input).toHaveFocus();

    await person.upload(input, fileOfSize('Genome.VCF.GZ', IMPORT_MAX_BYTES));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows an admin viewing as the person the page read-only, without a file field', async () => {
    const { container } = await setup('/my-data/new-import?as_user=user-2');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'only they can upload a file of their genetic data',
    );
    expect(screen.queryByLabelText('Genetic data file')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload and import' })).toBeNull();
    await expectNoAxeViolations(container);
  });
});
