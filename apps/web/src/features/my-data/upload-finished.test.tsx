import type { GenotypeImport } from '@nestling/shared/contract/my-data';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { UploadFinished } from './upload-finished.tsx';

const user = makeUser({ enableDataPortal: true });

const upload: GenotypeImport = {
  id: 'import-1',
  fileName: 'genome.txt',
  size: 1234,
  state: 'importing',
  progressDone: 100,
  progressTotal: 1234,
  summary: null,
  sha256: null,
  error: null,
  createdAt: '2026-11-02T15:00:00.000Z',
  finishedAt: null,
};

async function setup(found: GenotypeImport) {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  answerRoutes(services, { 'GET /api/my-data/imports': () => Response.json({ imports: [found] }) });
  return renderWithRouter(
    <UploadFinished fileName="genome.txt" importId="import-1" onAnother={vi.fn()} />,
    { path: '/my-data/new-import', user, services },
  );
}

describe('after the last byte', () => {
  it('says in red, with the reason, that a refused file was not imported', async () => {
    await setup({
      ...upload,
      state: 'failed',
      error: 'This is not a 23andMe, AncestryDNA or VCF file we can read.',
    });
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('The file was not imported');
    expect(box).toHaveTextContent('This is not a 23andMe, AncestryDNA or VCF file we can read.');
    expect(screen.queryByText('Imported')).not.toBeInTheDocument();
  });

  it('says it is imported once it is', async () => {
    await setup({ ...upload, state: 'done' });
    expect(await screen.findByText(/genome\.txt is imported/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Imported');
  });

  it('says the file is being read while it is', async () => {
    await setup(upload);
    await vi.waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Uploaded: reading it');
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'genome.txt is uploaded and is being read',
    );
  });
});
