// Reading back what our PDFs (reports, tickets) say, for tests: pdf-lib writes each text
// run as a hex string shown with Tj, so decoding the content streams gives the text.
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';

/** The text pdf-lib drew on each page: its content streams decoded, their hex strings read. */
export async function pageTexts(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => doc.context.lookup(ref))
        : [contents];
    return streams
      .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()))
      .flatMap((content) =>
        [...content.toString('latin1').matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((hex) =>
          Buffer.from(hex[1]!, 'hex').toString('latin1'),
        ),
      )
      .join('\n');
  });
}

/** Every page's text, one after the other. */
export async function pdfText(pdf: Buffer): Promise<string> {
  return (await pageTexts(pdf)).join('\n');
}
