import { DATA_PORTAL_OFF, type GenotypeImport } from '@nestling/shared/contract/my-data';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { SEX_MISMATCH_WARNING, importDateTime } from './import-text.ts';
import { ImportsPage } from './imports-page.tsx';
import { MyDataPage } from './my-data-page.tsx';

/** A card's region: named by its title and then its date. */
function cardName(title: string): RegExp {
  return new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `);
}

const user = makeUser({ enableDataPortal: true });
const MiB = 1024 * 1024;
const HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

function anImport(overrides: Partial<GenotypeImport>): GenotypeImport {
  return {
    id: 'imp-1',
    fileName: 'genome.txt',
    size: 24 * MiB,
    state: 'done',
    progressDone: 0,
    progressTotal: null,
    summary: null,
    sha256: null,
    error: null,
    createdAt: '2026-06-15T14:05:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const done = anImport({
  id: 'imp-done',
  fileName: 'genome_Ada_v5_Full.zip',
  size: 5.5 * MiB,
  finishedAt: '2026-06-15T14:09:00.000Z',
  sha256: HASH,
  summary: {
    format: '23andme',
    build: 'GRCh37',
    compression: 'zip',
    variants: 638531,
    noCalls: 12045,
    callRate: 0.98114,
    impliedSex: 'female',
    sexMatchesProfile: true,
  },
});
const importing = anImport({
  id: 'imp-reading',
  fileName: 'sample.vcf.gz',
  size: 400 * MiB,
  state: 'importing',
  progressDone: 100 * MiB,
  progressTotal: 400 * MiB,
});
const queued = anImport({ id: 'imp-queued', fileName: 'AncestryDNA.zip', state: 'queued' });
const uploading = anImport({
  id: 'imp-uploading',
  fileName: 'partial.vcf',
  state: 'uploading',
  size: 80 * MiB,
  progressDone: 20 * MiB,
  progressTotal: 80 * MiB,
});
const failed = anImport({
  id: 'imp-failed',
  fileName: 'notes.txt',
  state: 'failed',
  error: 'This file has no genotype rows we could read.',
});

async function setup(handlers: Record<string, RouteHandler>, path = '/my-data/imports') {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const calls = answerRoutes(services, {
    'GET /api/my-data/jobs': () => Response.json({ jobs: [] }),
    ...handlers,
  });
  const rendered = await renderWithRouter(
    <MyDataPage
      title="My data: imports"
      purpose="The data files you have imported and their status."
    >
      <ImportsPage />
    </MyDataPage>,
    { path, user, services },
  );
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('the imports page', () => {
  it('shows each import’s state in words and what reading found', async () => {
    const { container } = await setup({
      'GET /api/my-data/imports': () =>
        Response.json({ imports: [uploading, importing, queued, done, failed] }),
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('My data: imports');

    const doneCard = await screen.findByRole('region', {
      name: cardName('genome_Ada_v5_Full.zip'),
    });
    expect(within(doneCard).getByText('Imported')).toBeInTheDocument();
    expect(doneCard).toHaveTextContent('Size5.5 MB');
    expect(doneCard).toHaveTextContent(`Started${importDateTime(done.createdAt)}`);
    expect(doneCard).toHaveTextContent('Format23andMe');
    expect(doneCard).toHaveTextContent('Genome buildGRCh37');
    expect(doneCard).toHaveTextContent('Variants638,531');
    expect(doneCard).toHaveTextContent('No-calls12,045');
    expect(doneCard).toHaveTextContent('Call rate98.1%');
    expect(doneCard).toHaveTextContent('Implied sexfemale');
    expect(doneCard).toHaveTextContent(`SHA-256${HASH}`);
    expect(doneCard).not.toHaveTextContent(SEX_MISMATCH_WARNING);

    const readingCard = screen.getByRole('region', { name: cardName('sample.vcf.gz') });
    expect(within(readingCard).getByText('Reading')).toBeInTheDocument();
    const bar = within(readingCard).getByRole('progressbar', { name: 'Reading sample.vcf.gz' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(readingCard).toHaveTextContent('100.0 MB of 400.0 MB (25%) read');

    expect(
      within(screen.getByRole('region', { name: cardName('AncestryDNA.zip') })).getByText(
        'Waiting to be read',
      ),
    ).toBeInTheDocument();

    const uploadingCard = screen.getByRole('region', { name: cardName('partial.vcf') });
    expect(within(uploadingCard).getByText('Uploading')).toBeInTheDocument();
    expect(uploadingCard).toHaveTextContent('20.0 MB of 80.0 MB (25%) uploaded');
    expect(within(uploadingCard).getByRole('link', { name: 'new import page' })).toHaveAttribute(
      'href',
      '/my-data/new-import',
    );

    const failedCard = screen.getByRole('region', { name: cardName('notes.txt') });
    expect(within(failedCard).getByText('Failed')).toBeInTheDocument();
    expect(failedCard).toHaveTextContent(
      'Not imported: This file has no genotype rows we could read.',
    );

    expect(screen.getByRole('link', { name: 'Import a file' })).toHaveAttribute(
      'href',
      '/my-data/new-import',
    );
    await expectNoAxeViolations(container);
  });

  it('warns when the implied sex differs from the profile, and says when it could not tell', async () => {
    await setup({
      'GET /api/my-data/imports': () =>
        Response.json({
          imports: [
            {
              ...done,
              summary: { ...done.summary, impliedSex: 'male', sexMatchesProfile: false },
            },
            {
              ...done,
              id: 'imp-2',
              fileName: 'brother.vcf',
              summary: {
                ...done.summary,
                format: 'vcf',
                build: 'GRCh38',
                impliedSex: null,
                sexMatchesProfile: null,
              },
            },
          ],
        }),
    });
    const card = await screen.findByRole('region', { name: cardName('genome_Ada_v5_Full.zip') });
    expect(card).toHaveTextContent('Implied sexmale');
    expect(within(card).getByRole('note')).toHaveTextContent(SEX_MISMATCH_WARNING);

    const other = screen.getByRole('region', { name: cardName('brother.vcf') });
    expect(other).toHaveTextContent('FormatVCF');
    expect(other).toHaveTextContent('Genome buildGRCh38');
    expect(other).toHaveTextContent('Implied sexcould not tell');
    expect(within(other).queryByRole('note')).toBeNull();
  });

  it('asks before deleting, then deletes and the import goes', async () => {
    let imports = [done, failed];
    const { calls, user: person } = await setup({
      'GET /api/my-data/imports': () => Response.json({ imports }),
      'DELETE /api/my-data/imports/imp-failed': () => {
        imports = imports.filter((item) => item.id !== 'imp-failed');
        return new Response(null, { status: 204 });
      },
    });
    const card = await screen.findByRole('region', { name: cardName('notes.txt') });
    await person.click(within(card).getByRole('button', { name: 'Delete notes.txt' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete notes.txt?' });
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    await person.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);

    await person.click(within(card).getByRole('button', { name: 'Delete notes.txt' }));
    await person.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: cardName('notes.txt') })).toBeNull();
    });
    expect(
      calls.filter((call) => call.key === 'DELETE /api/my-data/imports/imp-failed'),
    ).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(
      'notes.txt and the genotypes read from it',
    );
    expect(
      screen.getByRole('region', { name: cardName('genome_Ada_v5_Full.zip') }),
    ).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s reason when a delete is refused', async () => {
    await setup({
      'GET /api/my-data/imports': () => Response.json({ imports: [done] }),
      'DELETE /api/my-data/imports/imp-done': () =>
        jsonError(403, 'Only the person can delete their imports.'),
    });
    const person = userEvent.setup();
    const card = await screen.findByRole('region', { name: cardName('genome_Ada_v5_Full.zip') });
    await person.click(within(card).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog');
    await person.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the person can delete their imports.',
    );
    expect(
      screen.getByRole('region', { name: cardName('genome_Ada_v5_Full.zip') }),
    ).toBeInTheDocument();
  });

  it('says when there are no imports yet, with the way to import one', async () => {
    await setup({ 'GET /api/my-data/imports': () => Response.json({ imports: [] }) });
    expect(await screen.findByText('You have not imported any files yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import a file' })).toHaveAttribute(
      'href',
      '/my-data/new-import',
    );
  });

  it('shows an admin viewing as the person the list, without Delete', async () => {
    const { calls } = await setup(
      { 'GET /api/my-data/imports': () => Response.json({ imports: [done, failed] }) },
      '/my-data/imports?as_user=user-2',
    );
    await screen.findByRole('region', { name: cardName('notes.txt') });
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    const listCall = calls.find((call) => call.key === 'GET /api/my-data/imports');
    expect(listCall?.url.searchParams.get('asUser')).toBe('user-2');
  });

  it('knows My Data is off from the person’s own flag, without asking the server for anything', async () => {
    setAuthToken('patient-token');
    const off = makeUser();
    const services = createTestServices({ user: off });
    const calls = answerRoutes(services, {});
    await renderWithRouter(
      <MyDataPage title="My data: imports" purpose="The data files you have imported.">
        <ImportsPage />
      </MyDataPage>,
      { path: '/my-data/imports', user: off, services },
    );
    expect(await screen.findByText(DATA_PORTAL_OFF)).toBeInTheDocument();
    // No request is refused (the browser's console stays clean).
    expect(calls.filter((call) => call.key.startsWith('GET /api/my-data'))).toEqual([]);
  });

  it('shows that My Data is off instead of the list, without asking for it', async () => {
    const { calls } = await setup({
      'GET /api/my-data/jobs': () => jsonError(403, DATA_PORTAL_OFF),
    });
    expect(await screen.findByText(DATA_PORTAL_OFF)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My data: imports');
    expect(calls.some((call) => call.key === 'GET /api/my-data/imports')).toBe(false);
  });
});
