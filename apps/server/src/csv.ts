import type { FastifyReply } from 'fastify';

/** CSV files the staff download (orders, the audit log): RFC 4180, safe to open in a spreadsheet. */

/** One CSV cell: quoted, and a formula a spreadsheet would run made plain text. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The rows as CSV text, CRLF after each line as RFC 4180 has it. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** A download's name: what it holds and the day it was made, e.g. 'orders-2026-01-05.csv'. */
export function csvFileName(what: string, now: Date): string {
  return `${what}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Answers `csv` as a download named for `what` and today, never cached. */
export function sendCsv(reply: FastifyReply, what: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(what, new Date())}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
