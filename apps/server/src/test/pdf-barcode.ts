import { inflateSync } from 'node:zlib';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';

/*
 * Reads barcodes back out of a PDF, the way a scanner at the lab would read the printed page:
 * every image XObject is inflated, its PNG row filters (if any) undone, turned into gray levels
 * and handed to a barcode decoder. Enough PDF for what react-pdf (pdfkit) writes: direct
 * /Length, FlateDecode, 8 bits per component, DeviceGray or DeviceRGB.
 */

export interface PdfImage {
  width: number;
  height: number;
  /** 1 for DeviceGray, 3 for DeviceRGB. */
  colors: number;
  /** The pixels, row by row, `colors` bytes each. */
  pixels: Buffer;
}

function numberIn(dictionary: string, key: string): number | null {
  const match = new RegExp(`/${key}\\s+(\\d+)(?!\\s+\\d+\\s+R)`).exec(dictionary);
  return match?.[1] === undefined ? null : Number(match[1]);
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Undoes the PNG predictors (PDF /Predictor 10 to 15): each row starts with its filter type. */
export function undoPngFilters(data: Buffer, rowBytes: number, bytesPerPixel: number): Buffer {
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = Buffer.alloc(rows * rowBytes);
  for (let row = 0; row < rows; row += 1) {
    const filter = data[row * (rowBytes + 1)] ?? 0;
    const source = row * (rowBytes + 1) + 1;
    const target = row * rowBytes;
    for (let i = 0; i < rowBytes; i += 1) {
      const raw = data[source + i] ?? 0;
      const left = i >= bytesPerPixel ? (out[target + i - bytesPerPixel] ?? 0) : 0;
      const up = row > 0 ? (out[target - rowBytes + i] ?? 0) : 0;
      const upLeft =
        row > 0 && i >= bytesPerPixel ? (out[target - rowBytes + i - bytesPerPixel] ?? 0) : 0;
      let value: number;
      switch (filter) {
        case 0:
          value = raw;
          break;
        case 1:
          value = raw + left;
          break;
        case 2:
          value = raw + up;
          break;
        case 3:
          value = raw + Math.floor((left + up) / 2);
          break;
        case 4:
          value = raw + paeth(left, up, upLeft);
          break;
        default:
          throw new Error(`Unknown PNG row filter ${String(filter)}`);
      }
      out[target + i] = value & 0xff;
    }
  }
  return out;
}

/** The image XObjects of a PDF, decoded to pixels. */
export function pdfImages(pdf: Buffer): PdfImage[] {
  const text = pdf.toString('latin1');
  const images: PdfImage[] = [];
  const objects = /\d+\s+\d+\s+obj\s*([\s\S]*?)stream\r?\n/g;
  for (const match of text.matchAll(objects)) {
    const dictionary = match[1] ?? '';
    if (dictionary.includes('endobj') || !/\/Subtype\s*\/Image/.test(dictionary)) continue;
    const start = match.index + match[0].length;
    const length = numberIn(dictionary, 'Length') ?? text.indexOf('endstream', start) - start;
    const width = numberIn(dictionary, 'Width');
    const height = numberIn(dictionary, 'Height');
    const bits = numberIn(dictionary, 'BitsPerComponent');
    if (width === null || height === null || bits !== 8) continue;
    const colors = /\/ColorSpace\s*\/DeviceRGB/.test(dictionary) ? 3 : 1;
    let pixels = pdf.subarray(start, start + length);
    if (/\/Filter\s*\/FlateDecode/.test(dictionary)) pixels = inflateSync(pixels);
    const predictor = numberIn(dictionary, 'Predictor') ?? 1;
    if (predictor >= 10) {
      const columns = numberIn(dictionary, 'Columns') ?? width;
      const components = numberIn(dictionary, 'Colors') ?? colors;
      pixels = undoPngFilters(pixels, columns * components, components);
    }
    images.push({ width, height, colors, pixels });
  }
  return images;
}

/** One gray level per pixel, as a scanner sees the printed image. */
export function luminances(image: PdfImage): Uint8ClampedArray {
  const gray = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < gray.length; i += 1) {
    if (image.colors === 1) {
      gray[i] = image.pixels[i] ?? 255;
    } else {
      const r = image.pixels[i * 3] ?? 255;
      const g = image.pixels[i * 3 + 1] ?? 255;
      const b = image.pixels[i * 3 + 2] ?? 255;
      gray[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  return gray;
}

/** The Code 128 barcode in an image, or null when it holds none. */
export function decodeCode128(image: PdfImage): string | null {
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  reader.setHints(hints);
  const source = new RGBLuminanceSource(luminances(image), image.width, image.height);
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } catch {
    return null;
  }
}

/** Every Code 128 barcode the PDF's images hold. */
export function readPdfBarcodes(pdf: Buffer): string[] {
  return pdfImages(pdf)
    .map(decodeCode128)
    .filter((text): text is string => text !== null);
}
