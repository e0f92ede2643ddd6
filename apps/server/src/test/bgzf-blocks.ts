import { crc32, inflateRawSync } from 'node:zlib';
import { expect } from 'vitest';

/** The end-of-file marker as the SAMv1 spec (section 4.1.2) writes it, byte for byte. */
export const SPEC_EOF = Buffer.from([
  0x1f, 0x8b, 0x08, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0x06, 0x00, 0x42, 0x43, 0x02, 0x00,
  0x1b, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
]);

export interface ReadBlock {
  /** Where the block starts in the file. */
  offset: number;
  data: Buffer;
}

/**
 * Walks a BGZF file block by block, checking each block's header (ID1 31, ID2 139, CM 8, FLG 4,
 * XLEN 6, the 'BC' field with SLEN 2 and BSIZE), its CRC32 and ISIZE, and that the file ends
 * with the EOF marker; answers the blocks, the marker left out.
 */
export function bgzfBlocks(file: Buffer): ReadBlock[] {
  const blocks: ReadBlock[] = [];
  let at = 0;
  while (at < file.length) {
    expect([...file.subarray(at, at + 4)], `block at ${String(at)}`).toEqual([31, 139, 8, 4]);
    expect(file.readUInt16LE(at + 10)).toBe(6);
    expect([file[at + 12], file[at + 13]]).toEqual([66, 67]);
    expect(file.readUInt16LE(at + 14)).toBe(2);
    const size = file.readUInt16LE(at + 16) + 1;
    expect(at + size).toBeLessThanOrEqual(file.length);
    const data = inflateRawSync(file.subarray(at + 18, at + size - 8));
    expect(file.readUInt32LE(at + size - 8)).toBe(crc32(data));
    expect(file.readUInt32LE(at + size - 4)).toBe(data.length);
    expect(data.length).toBeLessThanOrEqual(65536);
    blocks.push({ offset: at, data });
    at += size;
  }
  expect(at).toBe(file.length);
  const eof = blocks.pop();
  expect(eof?.data.length).toBe(0);
  expect(file.subarray(file.length - SPEC_EOF.length)).toEqual(SPEC_EOF);
  return blocks;
}
