import {
  EXPORT_NEEDS_IMPORT,
  isGenotypeExport,
  type GenotypeImport,
} from '@nestling/shared/contract/my-data';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_KINDS,
  EXPORT_KIND_LABELS,
  EXPORT_LINK_INTRO,
  downloadHref,
  exportKindOf,
  exportRequestProblem,
  exportTitle,
  exportableImports,
  importChoiceLabel,
  isExportActive,
  linkFailureText,
} from './export-text.ts';
import { importDateTime } from './import-text.ts';

function anImport(id: string, state: GenotypeImport['state']): GenotypeImport {
  return {
    id,
    fileName: `${id}.txt`,
    size: 10,
    state,
    progressDone: 0,
    progressTotal: null,
    summary: null,
    sha256: null,
    error: null,
    createdAt: '2026-06-15T14:05:00.000Z',
    finishedAt: null,
  };
}

describe('the kinds of export', () => {
  it('names each kind and knows which need an import', () => {
    expect(EXPORT_KINDS.map((kind) => EXPORT_KIND_LABELS[kind])).toEqual([
      'Health record (FHIR R4 bundle)',
      'Reports and documents (ZIP)',
      'Genotypes as a 23andMe file',
      'Genotypes as a VCF',
    ]);
    expect(isGenotypeExport('fhir-bundle')).toBe(false);
    expect(isGenotypeExport('reports-archive')).toBe(false);
    expect(isGenotypeExport('genotypes-23andme')).toBe(true);
    expect(isGenotypeExport('genotypes-vcf')).toBe(true);
    expect(isGenotypeExport('raw-genome')).toBe(false);
    expect(exportKindOf('genotypes-vcf')).toBe('genotypes-vcf');
    expect(exportKindOf('something else')).toBe('fhir-bundle');
    expect(exportKindOf(null)).toBe('fhir-bundle');
  });

  it('titles an export by its kind and, for genotypes, the imported file', () => {
    expect(exportTitle({ kind: 'fhir-bundle', importFileName: null })).toBe(
      'Health record (FHIR R4 bundle)',
    );
    expect(exportTitle({ kind: 'genotypes-vcf', importFileName: 'genome.zip' })).toBe(
      'Genotypes as a VCF, from genome.zip',
    );
    expect(exportTitle({ kind: 'genotypes-23andme', importFileName: null })).toBe(
      'Genotypes as a 23andMe file, from a deleted import',
    );
  });

  it('says which states are still moving', () => {
    expect(isExportActive('queued')).toBe(true);
    expect(isExportActive('preparing')).toBe(true);
    expect(isExportActive('ready')).toBe(false);
    expect(isExportActive('failed')).toBe(false);
  });
});

describe('the form’s checks', () => {
  it('offers only imports that were read to the end, by name and date', () => {
    const imports = [
      anImport('a', 'done'),
      anImport('b', 'importing'),
      anImport('c', 'failed'),
      anImport('d', 'uploading'),
      anImport('e', 'done'),
    ];
    expect(exportableImports(imports, 'genotypes-23andme').map((item) => item.id)).toEqual([
      'a',
      'e',
    ]);
    // A VCF only from an imported VCF: the others do not name the reference allele.
    const vcf: GenotypeImport = {
      ...anImport('v', 'done'),
      summary: {
        format: 'vcf',
        build: 'GRCh38',
        compression: 'gzip',
        variants: 10,
        noCalls: 0,
        callRate: 1,
        impliedSex: null,
        sexMatchesProfile: null,
      },
    };
    expect(exportableImports([...imports, vcf], 'genotypes-vcf').map((item) => item.id)).toEqual([
      'v',
    ]);
    expect(importChoiceLabel(anImport('a', 'done'))).toBe(
      `a.txt, imported ${importDateTime('2026-06-15T14:05:00.000Z')}`,
    );
  });

  it('needs an import for the genotype kinds only', () => {
    expect(exportRequestProblem('fhir-bundle', null)).toBeNull();
    expect(exportRequestProblem('genotypes-vcf', null)).toBe(EXPORT_NEEDS_IMPORT);
    expect(exportRequestProblem('genotypes-23andme', '')).toBe(EXPORT_NEEDS_IMPORT);
    expect(exportRequestProblem('genotypes-23andme', 'imp-1')).toBeNull();
  });
});

describe('download links', () => {
  it('says how long a link lasts', () => {
    expect(EXPORT_LINK_INTRO).toContain('15 minutes');
    expect(EXPORT_LINK_INTRO).toContain('resume');
  });

  it('resolves a path against the API and keeps an absolute address', () => {
    expect(downloadHref('/api/my-data/downloads/t0k3n', 'http://localhost/api')).toBe(
      'http://localhost/api/my-data/downloads/t0k3n',
    );
    expect(downloadHref('my-data/downloads/t0k3n?x=1', 'https://api.example/api/')).toBe(
      'https://api.example/api/my-data/downloads/t0k3n?x=1',
    );
    expect(
      downloadHref(
        'https://files.example/bucket/f.vcf?X-Amz-Signature=abc',
        'http://localhost/api',
      ),
    ).toBe('https://files.example/bucket/f.vcf?X-Amz-Signature=abc');
  });

  it('refuses anything but an http or https address', () => {
    expect(downloadHref('javascript:alert(1)', 'http://localhost/api')).toBeNull();
    expect(downloadHref('data:text/plain,hi', 'http://localhost/api')).toBeNull();
    expect(downloadHref('http://[broken', 'http://localhost/api')).toBeNull();
  });

  it('says in words why a download did not start', () => {
    expect(linkFailureText('This export has expired.')).toBe(
      'The download could not start: This export has expired.',
    );
    expect(linkFailureText('  ')).toBe('The download could not start: no link was made.');
  });
});
