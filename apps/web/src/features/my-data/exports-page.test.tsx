import {
  DATA_PORTAL_OFF,
  EXPORT_VCF_NEEDS_VCF,
  type DataExport,
  type GenotypeImport,
} from '@nestling/shared/contract/my-data';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { EXPORT_NO_IMPORTS } from './export-text.ts';
import { ExportsPage, TABIX_INDEX_TEXT } from './exports-page.tsx';
import { importDateTime } from './import-text.ts';
import { MyDataPage } from './my-data-page.tsx';

/** A card's region: named by its title and then its date. */
function cardName(title: string): RegExp {
  return new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `);
}

const user = makeUser({ enableDataPortal: true });
const MiB = 1024 * 1024;
const HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const HASH_2 = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

function anExport(overrides: Partial<DataExport>): DataExport {
  return {
    id: 'exp-1',
    kind: 'fhir-bundle',
    importId: null,
    importFileName: null,
    state: 'ready',
    progressDone: 0,
    progressTotal: null,
    files: [],
    error: null,
    createdAt: '2026-06-15T14:05:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const ready = anExport({
  id: 'exp-ready',
  finishedAt: '2026-06-15T14:06:00.000Z',
  files: [
    {
      name: 'health-record.json',
      contentType: 'application/fhir+json',
      size: 1.5 * MiB,
      sha256: HASH,
    },
  ],
});
const preparing = anExport({
  id: 'exp-preparing',
  kind: 'genotypes-vcf',
  importId: 'imp-done',
  importFileName: 'genome_Ada_v5_Full.zip',
  state: 'preparing',
  progressDone: 300,
  progressTotal: 1000,
});
const queued = anExport({
  id: 'exp-queued',
  kind: 'genotypes-23andme',
  importId: 'imp-done',
  importFileName: 'sample.vcf.gz',
  state: 'queued',
});
const failed = anExport({
  id: 'exp-failed',
  kind: 'genotypes-23andme',
  importId: 'imp-gone',
  importFileName: null,
  state: 'failed',
  error: 'The imported file was deleted before its export was prepared.',
  finishedAt: '2026-06-15T14:07:00.000Z',
});
const readyGenotypes = anExport({
  id: 'exp-vcf',
  kind: 'genotypes-vcf',
  importId: 'imp-done',
  importFileName: 'genome_Ada_v5_Full.zip',
  files: [
    { name: 'genotypes.vcf.gz', contentType: 'application/gzip', size: 12 * MiB, sha256: HASH },
    {
      name: 'genotypes.vcf.gz.tbi',
      contentType: 'application/octet-stream',
      size: 2048,
      sha256: HASH_2,
    },
  ],
});

function anImport(overrides: Partial<GenotypeImport>): GenotypeImport {
  return {
    id: 'imp-done',
    fileName: 'genome_Ada_v5_Full.zip',
    size: 5 * MiB,
    state: 'done',
    progressDone: 0,
    progressTotal: null,
    summary: null,
    sha256: HASH,
    error: null,
    createdAt: '2026-06-15T14:05:00.000Z',
    finishedAt: '2026-06-15T14:09:00.000Z',
    ...overrides,
  };
}

const doneImport = anImport({});
const olderImport = anImport({
  id: 'imp-older',
  fileName: 'AncestryDNA.zip',
  createdAt: '2026-05-01T09:00:00.000Z',
});
const readingImport = anImport({ id: 'imp-reading', fileName: 'partial.vcf', state: 'importing' });

async function setup(handlers: Record<string, RouteHandler>, path = '/my-data/exports') {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const calls = answerRoutes(services, {
    'GET /api/my-data/jobs': () => Response.json({ jobs: [] }),
    'GET /api/my-data/imports': () => Response.json({ imports: [doneImport, olderImport] }),
    ...handlers,
  });
  const rendered = await renderWithRouter(
    <MyDataPage title="My data: exports" purpose="Download a copy of your data.">
      <ExportsPage />
    </MyDataPage>,
    { path, user, services },
  );
  return { ...rendered, calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the exports page', () => {
  it('explains each export, how to check a file and how long links last', async () => {
    const { container } = await setup({
      'GET /api/my-data/exports': () => Response.json({ exports: [] }),
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('My data: exports');
    expect(await screen.findByText('You have not prepared any exports yet.')).toBeInTheDocument();
    const page = container.textContent;
    expect(page).toContain('most health record systems can read it');
    expect(page).toContain('to take your data to another service');
    expect(page).toContain('shasum -a 256 FILE');
    expect(page).toContain('Get-FileHash FILE');
    expect(page).toContain('15 minutes');
    expect(page).toContain('resume');
    expect(screen.getByRole('region', { name: 'Prepare an export' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows each export’s state in words, its progress, error and files', async () => {
    const { container } = await setup({
      'GET /api/my-data/exports': () =>
        Response.json({ exports: [preparing, queued, ready, failed] }),
    });
    const list = await screen.findByRole('list', { name: 'Your exports' });

    const readyCard = within(list).getByRole('region', {
      name: cardName('Health record (FHIR R4 bundle)'),
    });
    expect(within(readyCard).getByText('Ready')).toBeInTheDocument();
    expect(readyCard).toHaveTextContent(`Requested${importDateTime(ready.createdAt)}`);
    expect(readyCard).toHaveTextContent(`Finished${importDateTime('2026-06-15T14:06:00.000Z')}`);
    expect(readyCard).toHaveTextContent('health-record.json');
    expect(readyCard).toHaveTextContent('Size1.5 MB');
    const hash = within(readyCard).getByText(HASH);
    expect(hash.tagName).toBe('CODE');
    expect(
      within(readyCard).getByRole('button', { name: 'Download health-record.json' }),
    ).toBeEnabled();
    expect(
      within(readyCard).getByRole('button', { name: 'Delete Health record (FHIR R4 bundle)' }),
    ).toBeInTheDocument();

    const preparingCard = screen.getByRole('region', {
      name: cardName('Genotypes as a VCF, from genome_Ada_v5_Full.zip'),
    });
    expect(within(preparingCard).getByText('Preparing')).toBeInTheDocument();
    const bar = within(preparingCard).getByRole('progressbar', {
      name: 'Preparing Genotypes as a VCF, from genome_Ada_v5_Full.zip',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(preparingCard).toHaveTextContent('30% prepared');
    expect(within(preparingCard).queryByRole('button', { name: /^Download/ })).toBeNull();

    const queuedCard = screen.getByRole('region', {
      name: cardName('Genotypes as a 23andMe file, from sample.vcf.gz'),
    });
    expect(within(queuedCard).getByText('Waiting')).toBeInTheDocument();
    expect(within(queuedCard).queryByRole('progressbar')).toBeNull();

    const failedCard = screen.getByRole('region', {
      name: cardName('Genotypes as a 23andMe file, from a deleted import'),
    });
    expect(within(failedCard).getByText('Failed')).toBeInTheDocument();
    expect(failedCard).toHaveTextContent(
      'Not prepared: The imported file was deleted before its export was prepared.',
    );
    expect(within(failedCard).queryByRole('button', { name: /^Download/ })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('reads the list again while an export is being prepared', async () => {
    let answers = 0;
    await setup({
      'GET /api/my-data/exports': () => {
        answers += 1;
        return Response.json({
          exports: [answers === 1 ? { ...ready, state: 'preparing', files: [] } : ready],
        });
      },
    });
    const card = await screen.findByRole('region', {
      name: cardName('Health record (FHIR R4 bundle)'),
    });
    expect(within(card).getByText('Preparing')).toBeInTheDocument();
    expect(await within(card).findByText('Ready', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download health-record.json' })).toBeEnabled();
  });

  it('offers the finished imports for a genotype export, newest first', async () => {
    const { user: person } = await setup({
      'GET /api/my-data/exports': () => Response.json({ exports: [] }),
      'GET /api/my-data/imports': () =>
        Response.json({ imports: [readingImport, doneImport, olderImport] }),
    });
    const form = await screen.findByRole('region', { name: 'Prepare an export' });
    expect(within(form).queryByRole('combobox', { name: /Imported file/ })).toBeNull();
    await person.click(within(form).getByRole('radio', { name: /Genotypes as a 23andMe file/ }));
    const select = await within(form).findByRole('combobox', { name: /Imported file/ });
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      `genome_Ada_v5_Full.zip, imported ${importDateTime(doneImport.createdAt)}`,
      `AncestryDNA.zip, imported ${importDateTime(olderImport.createdAt)}`,
    ]);
    expect(select).toHaveValue('imp-done');
    expect(within(form).getByRole('button', { name: 'Prepare export' })).toBeEnabled();

    // Neither is a VCF: a VCF cannot be made from them, and the page says why.
    await person.click(within(form).getByRole('radio', { name: /Genotypes as a VCF/ }));
    expect(await within(form).findByText(EXPORT_VCF_NEEDS_VCF, { exact: false })).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Prepare export' })).toBeDisabled();
  });

  it('refuses a genotype export without a finished import, and says why', async () => {
    const {
      calls,
      container,
      user: person,
    } = await setup({
      'GET /api/my-data/exports': () => Response.json({ exports: [] }),
      'GET /api/my-data/imports': () => Response.json({ imports: [readingImport] }),
    });
    const form = await screen.findByRole('region', { name: 'Prepare an export' });
    await person.click(within(form).getByRole('radio', { name: /Genotypes as a 23andMe file/ }));
    expect(await within(form).findByText(EXPORT_NO_IMPORTS, { exact: false })).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Import a file' })).toHaveAttribute(
      'href',
      '/my-data/new-import',
    );
    const button = within(form).getByRole('button', { name: 'Prepare export' });
    expect(button).toBeDisabled();
    await person.click(button);
    expect(calls.some((call) => call.key === 'POST /api/my-data/exports')).toBe(false);
    await expectNoAxeViolations(container);

    // The health record needs no import.
    await person.click(within(form).getByRole('radio', { name: /Health record/ }));
    expect(within(form).getByRole('button', { name: 'Prepare export' })).toBeEnabled();
  });

  it('asks for a health record export, and it appears in the list', async () => {
    let exports: DataExport[] = [];
    const created = anExport({ id: 'exp-new', state: 'queued' });
    const { calls, user: person } = await setup({
      'GET /api/my-data/exports': () => Response.json({ exports }),
      'POST /api/my-data/exports': () => {
        exports = [created];
        return Response.json(created, { status: 201 });
      },
    });
    expect(await screen.findByText('You have not prepared any exports yet.')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Prepare an export' });
    expect(within(form).getByRole('radio', { name: /Health record/ })).toBeChecked();
    await person.click(within(form).getByRole('button', { name: 'Prepare export' }));

    const card = await screen.findByRole('region', {
      name: cardName('Health record (FHIR R4 bundle)'),
    });
    expect(within(card).getByText('Waiting')).toBeInTheDocument();
    expect(within(form).getByRole('status')).toHaveTextContent(
      'Health record (FHIR R4 bundle) is being prepared.',
    );
    const posts = calls.filter((call) => call.key === 'POST /api/my-data/exports');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ kind: 'fhir-bundle' });
  });

  it('sends the chosen import with a genotype export, and shows the server’s refusal', async () => {
    const refusal = 'You already have an export of this file being prepared.';
    const { calls, user: person } = await setup({
      'GET /api/my-data/exports': () => Response.json({ exports: [] }),
      'POST /api/my-data/exports': () => jsonError(409, refusal),
    });
    const form = await screen.findByRole('region', { name: 'Prepare an export' });
    await person.click(within(form).getByRole('radio', { name: /Genotypes as a 23andMe file/ }));
    await person.selectOptions(
      await within(form).findByRole('combobox', { name: /Imported file/ }),
      'imp-older',
    );
    await person.click(within(form).getByRole('button', { name: 'Prepare export' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
    const posts = calls.filter((call) => call.key === 'POST /api/my-data/exports');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ kind: 'genotypes-23andme', importId: 'imp-older' });
    expect(screen.getByText('You have not prepared any exports yet.')).toBeInTheDocument();
  });

  it('asks for a link, then lets the browser download from it', async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    let answerLink: () => void = () => undefined;
    const {
      api,
      calls,
      user: person,
    } = await setup({
      'GET /api/my-data/exports': () => Response.json({ exports: [readyGenotypes] }),
      'POST /api/my-data/exports/exp-vcf/files/genotypes.vcf.gz/link': () =>
        new Promise((resolve) => {
          answerLink = () => {
            resolve(
              Response.json({
                url: '/api/my-data/downloads/one-time-token',
                expiresAt: '2026-06-15T14:20:00.000Z',
              }),
            );
          };
        }),
    });
    const card = await screen.findByRole('region', {
      name: cardName('Genotypes as a VCF, from genome_Ada_v5_Full.zip'),
    });
    expect(card).toHaveTextContent('Size12.0 MB');
    expect(card).toHaveTextContent('Size2.0 KB');
    expect(within(card).getByText(HASH_2)).toBeInTheDocument();
    // The index is said for what it is, once, beside its file.
    expect(within(card).getAllByText(TABIX_INDEX_TEXT)).toHaveLength(1);
    const button = within(card).getByRole('button', { name: 'Download genotypes.vcf.gz' });
    await person.click(button);
    await waitFor(() => {
      expect(button).toHaveAttribute('data-loading');
    });
    expect(clicked).toEqual([]);
    answerLink();

    await waitFor(() => {
      expect(clicked).toEqual([
        {
          href: `${api.baseUrl}/my-data/downloads/one-time-token`,
          download: 'genotypes.vcf.gz',
        },
      ]);
    });
    expect(calls.filter((call) => call.key.endsWith('/link')).map((call) => call.key)).toEqual([
      'POST /api/my-data/exports/exp-vcf/files/genotypes.vcf.gz/link',
    ]);
    // The temporary link is gone again; nothing was fetched but the link.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(calls.some((call) => call.url.pathname.includes('/downloads/'))).toBe(false);
    await waitFor(() => {
      expect(button).not.toHaveAttribute('data-loading');
    });
  });

  it('says in words when a download link could not be made', async () => {
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { user: person } = await setup({
      'GET /api/my-data/exports': () => Response.json({ exports: [ready] }),
      'POST /api/my-data/exports/exp-ready/files/health-record.json/link': () =>
        jsonError(404, 'This export has been deleted.'),
    });
    const card = await screen.findByRole('region', {
      name: cardName('Health record (FHIR R4 bundle)'),
    });
    await person.click(within(card).getByRole('button', { name: 'Download health-record.json' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The download could not start: This export has been deleted.',
    );
    expect(click).not.toHaveBeenCalled();
  });

  it('asks before deleting, then shows the exports left', async () => {
    let exports = [ready, failed];
    const { calls, user: person } = await setup({
      'GET /api/my-data/exports': () => Response.json({ exports }),
      'DELETE /api/my-data/exports/exp-failed': () => {
        exports = exports.filter((item) => item.id !== 'exp-failed');
        return Response.json({ exports });
      },
    });
    const name = 'Genotypes as a 23andMe file, from a deleted import';
    const card = await screen.findByRole('region', { name: cardName(name) });
    await person.click(within(card).getByRole('button', { name: `Delete ${name}` }));

    const dialog = await screen.findByRole('dialog', { name: `Delete ${name}?` });
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    await person.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);

    await person.click(within(card).getByRole('button', { name: `Delete ${name}` }));
    await person.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: cardName(name) })).toBeNull();
    });
    expect(
      calls.filter((call) => call.key === 'DELETE /api/my-data/exports/exp-failed'),
    ).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(`${name} is deleted.`);
    expect(
      screen.getByRole('region', { name: cardName('Health record (FHIR R4 bundle)') }),
    ).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s reason when a delete is refused', async () => {
    const { user: person } = await setup({
      'GET /api/my-data/exports': () => Response.json({ exports: [ready] }),
      'DELETE /api/my-data/exports/exp-ready': () =>
        jsonError(403, 'Only the person can delete their exports.'),
    });
    const card = await screen.findByRole('region', {
      name: cardName('Health record (FHIR R4 bundle)'),
    });
    await person.click(within(card).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog');
    await person.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the person can delete their exports.',
    );
    expect(card).toBeInTheDocument();
  });

  it('shows an admin viewing as the person the list only', async () => {
    const { calls, container } = await setup(
      {
        'GET /api/my-data/exports': () => Response.json({ exports: [readyGenotypes, failed] }),
      },
      '/my-data/exports?as_user=user-2',
    );
    const card = await screen.findByRole('region', {
      name: cardName('Genotypes as a VCF, from genome_Ada_v5_Full.zip'),
    });
    expect(card).toHaveTextContent('genotypes.vcf.gz');
    expect(within(card).getByText(HASH_2)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'only they can prepare and download exports',
    );
    expect(screen.queryByRole('region', { name: 'Prepare an export' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Download/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Prepare export' })).toBeNull();
    const listCall = calls.find((call) => call.key === 'GET /api/my-data/exports');
    expect(listCall?.url.searchParams.get('asUser')).toBe('user-2');
    expect(calls.some((call) => call.key === 'GET /api/my-data/imports')).toBe(false);
    await expectNoAxeViolations(container);
  });

  it('shows that My Data is off instead of the page, without asking for exports', async () => {
    const { calls } = await setup({
      'GET /api/my-data/jobs': () => jsonError(403, DATA_PORTAL_OFF),
    });
    expect(await screen.findByText(DATA_PORTAL_OFF)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My data: exports');
    expect(calls.some((call) => call.key === 'GET /api/my-data/exports')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Prepare export' })).toBeNull();
  });
});
