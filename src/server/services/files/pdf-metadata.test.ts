import PDFKit from 'pdfkit';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { stripPdfMetadata } from './pdf-metadata';

const AUTHOR = 'Chen Mei-Ling';

/** A two-page PDF (pdfkit) whose document information names its author, encrypted when asked. */
function pdfkitFile(options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFKit({
      size: 'A4',
      info: { Title: `Draft by ${AUTHOR}`, Author: AUTHOR, Creator: 'Word for Chen', Keywords: AUTHOR },
      ...options,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.text('Outcomes of outpatient education');
    doc.addPage().text('Page two');
    doc.end();
  });
}

/** The same file with an XMP metadata stream in its catalogue and on its first page naming the author. */
async function withXmp(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${AUTHOR}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;
  const stream = doc.context.flateStream(xmp, { Type: 'Metadata', Subtype: 'XML' });
  const ref = doc.context.register(stream);
  doc.catalog.set(PDFName.of('Metadata'), ref);
  doc.getPage(0).node.set(PDFName.of('Metadata'), ref);
  // An incremental-save leftover: an unreferenced object still naming the author.
  doc.context.register(doc.context.obj({ Author: AUTHOR }));
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** Every string the file holds, its streams inflated where pdf-lib can read them, as one text. */
async function everythingIn(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const parts = [Buffer.from(bytes).toString('latin1')];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    parts.push(object.toString());
    if (object instanceof PDFRawStream) {
      const { decodePDFRawStream } = await import('pdf-lib');
      try {
        parts.push(Buffer.from(decodePDFRawStream(object).decode()).toString('latin1'));
      } catch {
        // a stream pdf-lib cannot decode (an image): its bytes are in the raw text already
      }
    }
  }
  return parts.join('\n');
}

describe('a manuscript’s PDF metadata', () => {
  it('is removed: the document information, the XMP streams and leftovers, with the pages kept', async () => {
    const original = await withXmp(await pdfkitFile());
    expect(await everythingIn(original)).toContain(AUTHOR);
    const { bytes, stripped } = await stripPdfMetadata(original);
    expect(stripped).toBe(true);
    expect(await everythingIn(bytes)).not.toContain(AUTHOR);
    expect(await everythingIn(bytes)).not.toContain('Word for Chen');
    const clean = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(clean.getAuthor()).toBeUndefined();
    expect(clean.getTitle()).toBeUndefined();
    expect(clean.getProducer()).toBeUndefined();
    expect(clean.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
    expect(clean.getPageCount()).toBe(2);
    const source = await PDFDocument.load(original, { updateMetadata: false });
    expect(clean.getPage(1).getSize()).toEqual(source.getPage(1).getSize());
  });

  it('leaves an encrypted file or one that is not a PDF as it was, and says so', async () => {
    const encrypted = await pdfkitFile({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });
    const kept = await stripPdfMetadata(encrypted);
    expect(kept).toEqual({ bytes: encrypted, stripped: false });
    const garbage = new TextEncoder().encode('%PDF-1.4 nothing else');
    expect(await stripPdfMetadata(garbage)).toEqual({ bytes: garbage, stripped: false });
  });
});
