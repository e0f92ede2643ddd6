import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bgzfBlocks, SPEC_EOF } from '../../test/bgzf-blocks.ts';
import { BGZF_BLOCK_DATA, BGZF_EOF, BgzfWriter } from './bgzf.ts';

async function compressed(writer: BgzfWriter, input: Iterable<Buffer | string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of writer.compress(input)) parts.push(part);
  return Buffer.concat(parts);
}

/** Text like a VCF's rows, about `bytes` long. */
function rows(bytes: number): string {
  let text = '';
  for (let i = 0; text.length < bytes; i += 1) {
    text += `chr1\t${String(1000 + i * 7)}\trs${String(i)}\tA\tG\t.\tPASS\t.\tGT\t0|1\n`;
  }
  return text;
}

describe('BGZF', () => {
  it('writes the EOF marker as the spec gives it', () => {
    expect(BGZF_EOF).toEqual(SPEC_EOF);
  });

  it('writes blocks of 65,280 bytes with the BC field, that gunzip as one file', async () => {
    const text = rows(300_000);
    // Chunks of all sizes, strings and bytes, across block boundaries.
    const bytes = Buffer.from(text);
    const pieces = [text.slice(0, 10), bytes.subarray(10, 70_000), text.slice(70_000, 70_001)];
    pieces.push(bytes.subarray(70_001, 250_000), text.slice(250_000));
    const file = await compressed(new BgzfWriter(), pieces);
    const blocks = bgzfBlocks(file);
    expect(blocks.length).toBe(Math.ceil(bytes.length / BGZF_BLOCK_DATA));
    for (const block of blocks.slice(0, -1)) expect(block.data.length).toBe(BGZF_BLOCK_DATA);
    // (Buffer.equals: a deep comparison of this many bytes takes seconds.)
    expect(Buffer.concat(blocks.map((block) => block.data)).equals(bytes)).toBe(true);
    expect(gunzipSync(file).equals(bytes)).toBe(true);
  });

  it('keeps a block that does not compress within 64 KiB', async () => {
    const noise = randomBytes(3 * BGZF_BLOCK_DATA + 5);
    const file = await compressed(new BgzfWriter(9), [noise]);
    const blocks = bgzfBlocks(file);
    expect(blocks.length).toBe(4);
    expect(Buffer.concat(blocks.map((block) => block.data)).equals(noise)).toBe(true);
  });

  it('answers the virtual offset of any byte written', async () => {
    const bytes = Buffer.from(rows(200_000));
    const writer = new BgzfWriter();
    const file = await compressed(writer, [bytes]);
    const blocks = bgzfBlocks(file);
    for (const offset of [0, 1, BGZF_BLOCK_DATA - 1, BGZF_BLOCK_DATA, 150_001, bytes.length - 1]) {
      const virtual = writer.virtualOffset(offset);
      const block = blocks.find((entry) => entry.offset === Math.floor(virtual / 65536));
      expect(block?.data[virtual % 65536], `byte ${String(offset)}`).toBe(bytes[offset]);
    }
    // Just past the end: the end of the last block.
    const end = writer.virtualOffset(bytes.length);
    expect(Math.floor(end / 65536)).toBe(blocks.at(-1)?.offset);
    expect(end % 65536).toBe(blocks.at(-1)?.data.length);
    expect(() => writer.virtualOffset(bytes.length + BGZF_BLOCK_DATA)).toThrow(RangeError);
  });

  it('points just past a full last block at the EOF marker, and writes only it for nothing', async () => {
    const writer = new BgzfWriter();
    const file = await compressed(writer, [Buffer.alloc(BGZF_BLOCK_DATA, 65)]);
    expect(writer.virtualOffset(BGZF_BLOCK_DATA)).toBe((file.length - BGZF_EOF.length) * 65536);
    expect(await compressed(new BgzfWriter(), [])).toEqual(SPEC_EOF);
  });
});
