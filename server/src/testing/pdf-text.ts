// Reading back what our PDFs (reports, tickets) say, for tests: pdf-lib writes each text
// run as a hex string shown with Tj, so decoding the content streams gives the text; the
// ticket's QR code is a path of rectangles, which a QR reader scans once rasterised.
import jsQR from 'jsqr';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFString,
  type PDFRawStream,
} from 'pdf-lib';

/** Each page's drawing operators: its content streams decoded, one after the other. */
async function pageContents(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => doc.context.lookup(ref))
        : [contents];
    return streams
      .map((stream) =>
        Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'),
      )
      .join('\n');
  });
}

/** The text pdf-lib drew on each page. */
export async function pageTexts(pdf: Buffer): Promise<string[]> {
  return (await pageContents(pdf)).map((content) =>
    [...content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)]
      .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
      .join('\n'),
  );
}

/** Every page's text, one after the other. */
export async function pdfText(pdf: Buffer): Promise<string> {
  return (await pageTexts(pdf)).join('\n');
}

/**
 * What a phone's camera reads from the QR code drawn on the PDF, or null when there is none
 * a reader can scan: the rectangles of the page's filled paths (in the QR code's own module
 * units) are painted black on white with a quiet zone, then read by jsQR.
 */
export async function scanQrCode(pdf: Buffer): Promise<string | null> {
  const PX = 4;
  const QUIET = 4;
  for (const content of await pageContents(pdf)) {
    const squares = [...content.matchAll(/(\d+) (\d+) (\d+) (\d+) re/g)].map((m) =>
      m.slice(1, 5).map(Number),
    );
    if (squares.length === 0) continue;
    const modules = Math.max(...squares.map(([, y, , h]) => y! + h!));
    const side = (modules + 2 * QUIET) * PX;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (const [x, y, w, h] of squares) {
      // PDF's y axis points up, the image's down.
      const top = (QUIET + modules - y! - h!) * PX;
      const left = (QUIET + x!) * PX;
      for (let row = top; row < top + h! * PX; row++)
        for (let col = left; col < left + w! * PX; col++)
          pixels.fill(0, (row * side + col) * 4, (row * side + col) * 4 + 3);
    }
    const found = jsQR(pixels, side, side);
    if (found) return found.data;
  }
  return null;
}

/** Where each page's links go when tapped: one entry per linked area, page by page. */
export async function linkTargets(pdf: Buffer): Promise<string[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) =>
    (page.node.Annots()?.asArray() ?? []).map((ref) => {
      const annotation = doc.context.lookup(ref, PDFDict);
      const action = doc.context.lookup(annotation.get(PDFName.of('A')), PDFDict);
      return action.lookup(PDFName.of('URI'), PDFString).decodeText();
    }),
  );
}

/** The side of one of the QR code's modules on the page, in points; null without a code. */
export async function qrModulePoints(pdf: Buffer): Promise<number | null> {
  for (const content of await pageContents(pdf)) {
    // The code's path starts by scaling module units to points: `unit 0 0 unit x y cm`.
    const scale = /rg ([\d.]+) 0 0 [\d.]+ [\d.]+ [\d.]+ cm/.exec(content);
    if (scale) return Number(scale[1]);
  }
  return null;
}

/**
 * The widths (in modules: bar, space, bar, …) of the Code128 barcode drawn on the first
 * page that has one: a path scaled to module units (`unit 0 0 height x y cm`) whose
 * rectangles are one module high. Null when there is none.
 */
export async function barcodeWidths(pdf: Buffer): Promise<number[] | null> {
  for (const content of await pageContents(pdf)) {
    const path = /rg [\d.]+ 0 0 [\d.]+ [\d.]+ [\d.]+ cm\n((?:\d+ 0 \d+ 1 re\n?)+)f Q/.exec(content);
    if (!path) continue;
    const bars = [...path[1]!.matchAll(/(\d+) 0 (\d+) 1 re/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    const widths: number[] = [];
    bars.forEach(([x, width], i) => {
      if (i > 0) {
        const [previousX, previousWidth] = bars[i - 1]!;
        widths.push(x! - previousX! - previousWidth!);
      }
      widths.push(width!);
    });
    return widths;
  }
  return null;
}
