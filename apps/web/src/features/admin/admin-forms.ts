import type * as z from 'zod/mini';
import { statusOf } from './format.ts';

/*
 * Field values and messages for the admin forms: the contract's own checks before sending, and the
 * server's refusals of one field ('Invalid request: body.priceCents: …') at that field after.
 */

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each top-level field the schema refuses; empty when the value is valid. */
export function fieldErrors(schema: z.ZodMiniType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A server refusal naming one body field, as { field, message }; undefined for any other. */
export function serverFieldError(error: unknown): { field: string; message: string } | undefined {
  if (statusOf(error) !== 400 || !(error instanceof Error)) return undefined;
  const match = /^Invalid request: body\.(\w+)[\w.]*: ([^;]+)$/.exec(error.message);
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  return { field: match[1], message: match[2] };
}

/** '1,299.5' -> 129950; undefined when it is not an amount of dollars and cents. */
export function dollarsToCents(text: string): number | undefined {
  const compact = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(compact);
  if (match?.[1] === undefined) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * '12/31/2026' -> the end of that day in the viewer's time zone, as ISO 8601; undefined when
 * it is not a real date.
 */
export function endOfUsDay(text: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day, 23, 59, 59);
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return date.toISOString();
}
