import { describe, expect, it } from 'vitest';
import { describeSchemaIssues, errorBodySchema } from './error.ts';

const body = { statusCode: 403, error: 'Forbidden', message: 'Verified email required' };

describe('errorBodySchema', () => {
  it('accepts an error body with and without a request id', () => {
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.parse({ ...body, requestId: 'r1' }).requestId).toBe('r1');
  });

  it.each([400, 401, 599])('accepts status %d', (statusCode) => {
    expect(errorBodySchema.safeParse({ ...body, statusCode }).success).toBe(true);
  });

  it.each([200, 399, 600, 403.5])('rejects status %d', (statusCode) => {
    expect(errorBodySchema.safeParse({ ...body, statusCode }).success).toBe(false);
  });

  it('rejects a body without a message', () => {
    expect(
      errorBodySchema.safeParse({ statusCode: 500, error: 'Internal Server Error' }).success,
    ).toBe(false);
  });
});

describe('describeSchemaIssues', () => {
  it('names each field by its path, under an optional prefix', () => {
    const issues = [
      {
        path: ['content', 'diseases', 0, 'percentile'],
        message: 'Give a percentile from 0 to 100',
      },
      { path: [], message: 'Send an object' },
    ];
    expect(describeSchemaIssues(issues)).toEqual([
      'content.diseases.0.percentile: Give a percentile from 0 to 100',
      'Send an object',
    ]);
    expect(describeSchemaIssues(issues, 'body')).toEqual([
      'body.content.diseases.0.percentile: Give a percentile from 0 to 100',
      'body: Send an object',
    ]);
  });
});
