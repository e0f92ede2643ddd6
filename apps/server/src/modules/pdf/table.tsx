/*
 * The report's tables, each row one react-pdf Canvas that pdfkit paints: its cells' lines of
 * text and the rule below them.
 *
 * Why not a View of Texts: react-pdf runs each Text through its text layout and then styles and
 * lays out every element of a page again on each pass of pagination (about three a render). An
 * embryo report has some 600 table cells, and they took about two thirds of its render time. A
 * row as one Canvas is one box of a height known in advance, and its cells are plain PDF text
 * all the same, which a reader can select and search.
 *
 * So the cells are laid out here, as react-pdf lays out a Text with no hyphenation (see
 * report-document.tsx): left-aligned lines broken at spaces only, a word never split, measured
 * with the fonts react-pdf draws with (./fonts.ts), the baseline at 0.9 of the font size from
 * the top of its line.
 */
import { Canvas, View } from '@react-pdf/renderer';
import type { ReactElement } from 'react';
import { type Painter, pdfPalette } from './charts.tsx';
import { type FontName, textWidth } from './fonts.ts';

export interface Column<Row> {
  readonly title: string;
  /** Share of the table's width, e.g. 0.2. */
  readonly width: number;
  readonly value: (row: Row) => string;
  readonly bold?: boolean;
}

const FONT_SIZE = 7.5;
/** Line heights as a multiple of the font size: the header's, then the body's. */
const HEADER_LINE_HEIGHT = 1.25;
const BODY_LINE_HEIGHT = 1.3;
/** From the top of a line to its baseline, as react-pdf places the built-in fonts. */
const ASCENT = 0.9;
const CELL_PADDING_RIGHT = 4;
const ROW_PADDING = 2;
const ROW_RULE = 0.5;
const ROW_RULE_COLOR = '#ced4da';
const TABLE_RULE_COLOR = '#adb5bd';
/*
 * The space below a table, on its last row rather than the table: react-pdf carries a
 * container's bottom margin that does not fit on the page to the next one, and the table's
 * repeated header with it, alone on that page.
 */
const SPACE_BELOW = 6;

function measure(text: string, font: FontName): number {
  return textWidth(text, font, FONT_SIZE);
}

/**
 * A cell's text as lines no wider than `cellWidth`: as many words on a line as fit, words kept
 * whole (one wider than the cell has a line of its own), a new line at each line break. As in
 * react-pdf, a line fits when it would with its spaces shrunk by a third (then drawn unshrunk,
 * a little into the cell's padding).
 */
function wrapText(text: string, cellWidth: number, font: FontName): string[] {
  if (text === '') return [];
  return text.split('\n').flatMap((paragraph) => {
    // Words at even indices, the spaces between them at odd ones.
    const parts = paragraph.split(/( +)/);
    const lines: string[] = [];
    let line = parts[0] ?? '';
    let lineWidth = measure(line, font);
    let shrink = 0;
    for (let index = 1; index + 1 < parts.length; index += 2) {
      const space = parts[index] ?? '';
      const word = parts[index + 1] ?? '';
      const spaceWidth = measure(space, font);
      const longer = lineWidth + spaceWidth + measure(word, font);
      if (longer - shrink - spaceWidth / 3 <= cellWidth) {
        line += space + word;
        lineWidth = longer;
        shrink += spaceWidth / 3;
      } else {
        lines.push(line);
        line = word;
        lineWidth = measure(word, font);
        shrink = 0;
      }
    }
    lines.push(line);
    return lines;
  });
}

interface Cell {
  readonly x: number;
  readonly font: FontName;
  readonly lines: readonly string[];
}

/** One row at the table's width: its cells from the left, the rule below. */
function row(
  cells: readonly Cell[],
  lineHeight: number,
  width: number,
  options: { key?: string | number; fixed?: boolean; spaceBelow?: number },
): ReactElement {
  const lineStep = lineHeight * FONT_SIZE;
  const lines = Math.max(0, ...cells.map((cell) => cell.lines.length));
  return (
    <Canvas
      key={options.key}
      fixed={options.fixed}
      style={{
        width,
        minWidth: width,
        height: lines * lineStep + 2 * ROW_PADDING + ROW_RULE,
        paddingVertical: ROW_PADDING,
        borderBottomWidth: ROW_RULE,
        borderBottomColor: ROW_RULE_COLOR,
        marginBottom: options.spaceBelow ?? 0,
      }}
      paint={(painter: Painter) => {
        painter.fillColor(pdfPalette.text);
        for (const cell of cells) {
          painter.font(cell.font, FONT_SIZE);
          cell.lines.forEach((text, index) => {
            painter.text(text, cell.x, index * lineStep + ASCENT * FONT_SIZE, {
              baseline: 'alphabetic',
              lineBreak: false,
            });
          });
        }
        return null;
      }}
    />
  );
}

/**
 * A table `width` points wide whose rows never split; its header row is repeated at the top of
 * each page the table continues on (a fixed element inside a view repeats on the pages of that
 * view).
 */
export function table<Row>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  width: number,
): ReactElement {
  const lefts = columns.map((_, index) =>
    columns.slice(0, index).reduce((sum, column) => sum + column.width * width, 0),
  );
  const cells = (texts: (column: Column<Row>) => string, header: boolean): Cell[] =>
    columns.map((column, index) => {
      const font = header || column.bold === true ? 'Helvetica-Bold' : 'Helvetica';
      return {
        x: lefts[index] ?? 0,
        font,
        lines: wrapText(texts(column), column.width * width - CELL_PADDING_RIGHT, font),
      };
    });
  const last = rows.length - 1;
  return (
    <View style={{ borderTopWidth: 0.5, borderTopColor: TABLE_RULE_COLOR }}>
      {row(
        cells((column) => column.title, true),
        HEADER_LINE_HEIGHT,
        width,
        {
          fixed: true,
          spaceBelow: rows.length === 0 ? SPACE_BELOW : 0,
        },
      )}
      {rows.map((value, index) =>
        row(
          cells((column) => column.value(value), false),
          BODY_LINE_HEIGHT,
          width,
          {
            key: index,
            spaceBelow: index === last ? SPACE_BELOW : 0,
          },
        ),
      )}
    </View>
  );
}
