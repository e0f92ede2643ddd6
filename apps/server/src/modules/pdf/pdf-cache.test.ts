import { describe, expect, it } from 'vitest';
import { PdfCache } from './pdf-cache.ts';

/** A render that counts its calls and makes `bytes` bytes of `fill`. */
function counted(fill: string, bytes = 10) {
  const render = {
    calls: 0,
    run: () => {
      render.calls += 1;
      return Promise.resolve(Buffer.alloc(bytes, fill));
    },
  };
  return render;
}

describe('PdfCache', () => {
  it('renders a key once and answers it again from memory', async () => {
    const cache = new PdfCache({ maxEntries: 4, maxBytes: 1000 });
    const render = counted('a');
    const first = await cache.get('a', render.run);
    const second = await cache.get('a', render.run);
    expect(render.calls).toBe(1);
    expect(second.equals(first)).toBe(true);
  });

  it('shares one render between two requests that arrive while it runs', async () => {
    const cache = new PdfCache({ maxEntries: 4, maxBytes: 1000 });
    const render = counted('a');
    const [one, two] = await Promise.all([cache.get('a', render.run), cache.get('a', render.run)]);
    expect(render.calls).toBe(1);
    expect(two.equals(one)).toBe(true);
  });

  it('gives each caller its own bytes, so a change by one never reaches the next', async () => {
    const cache = new PdfCache({ maxEntries: 4, maxBytes: 1000 });
    const first = await cache.get('a', counted('a').run);
    first.fill('x');
    expect((await cache.get('a', counted('b').run)).toString()).toBe('a'.repeat(10));
  });

  it('lets the least recently used go beyond its number of entries', async () => {
    const cache = new PdfCache({ maxEntries: 2, maxBytes: 1000 });
    const a = counted('a');
    await cache.get('a', a.run);
    await cache.get('b', counted('b').run);
    await cache.get('a', a.run); // 'a' is now the most recently used
    await cache.get('c', counted('c').run); // so 'b' goes
    expect(cache.stats).toEqual({ entries: 2, bytes: 20 });
    await cache.get('a', a.run);
    expect(a.calls).toBe(1);
    const b = counted('b');
    await cache.get('b', b.run);
    expect(b.calls).toBe(1);
  });

  it('keeps no more bytes than its limit', async () => {
    const cache = new PdfCache({ maxEntries: 10, maxBytes: 25 });
    await cache.get('a', counted('a').run);
    await cache.get('b', counted('b').run);
    await cache.get('c', counted('c').run);
    expect(cache.stats).toEqual({ entries: 2, bytes: 20 });
    // A PDF larger than the whole limit is answered but not kept.
    const large = await cache.get('large', counted('l', 30).run);
    expect(large.length).toBe(30);
    expect(cache.stats.bytes).toBeLessThanOrEqual(25);
  });

  it('keeps nothing of a render that fails, and tries again next time', async () => {
    const cache = new PdfCache({ maxEntries: 4, maxBytes: 1000 });
    await expect(cache.get('a', () => Promise.reject(new Error('render failed')))).rejects.toThrow(
      'render failed',
    );
    expect(cache.stats).toEqual({ entries: 0, bytes: 0 });
    const render = counted('a');
    await cache.get('a', render.run);
    expect(render.calls).toBe(1);
  });
});
