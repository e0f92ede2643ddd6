/**
 * Rendered PDFs kept in memory, least recently used first out, within a number of entries and a
 * number of bytes. The key must name every input the PDF is made from (see report-pdf.ts): two
 * different inputs may never share an entry. Two requests for the same key while it renders
 * share that one render; a render that fails is not kept.
 *
 * Callers get their own copy of the bytes, so that nothing a caller does to its Buffer can
 * reach the next reader of the same entry.
 */
export class PdfCache {
  /** Map order is use order: the first entry is the least recently used. */
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(
    private readonly limits: { readonly maxEntries: number; readonly maxBytes: number },
  ) {}

  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const found = this.entries.get(key);
    if (found !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return Buffer.from(await found);
    }
    const pending = render();
    this.entries.set(key, pending);
    try {
      const pdf = await pending;
      if (this.entries.get(key) === pending && !this.sizes.has(key)) {
        this.sizes.set(key, pdf.length);
        this.bytes += pdf.length;
        this.evict();
      }
      return Buffer.from(pdf);
    } catch (error) {
      if (this.entries.get(key) === pending) this.entries.delete(key);
      throw error;
    }
  }

  /** How many PDFs are kept, and their bytes (for tests and the bench). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  clear(): void {
    this.entries.clear();
    this.sizes.clear();
    this.bytes = 0;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) return;
      this.entries.delete(key);
      this.bytes -= this.sizes.get(key) ?? 0;
      this.sizes.delete(key);
    }
  }
}
