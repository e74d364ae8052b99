import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PDFKit from 'pdfkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRef, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { everythingIn, hostilePdf, pageContent } from './hostile-pdf.test-support';
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

  it('keeps only what the pages draw: no comments, attached files, or metadata of pictures and drawings', async () => {
    const name = 'Dr Author Name';
    const original = await hostilePdf(name);
    expect((await everythingIn(original)).split(name).length).toBeGreaterThan(20);
    const { bytes, stripped } = await stripPdfMetadata(original);
    expect(stripped).toBe(true);
    // Counted, not shown: the file's bytes would fill the report.
    expect((await everythingIn(bytes)).split(name).length - 1).toBe(0);

    const clean = await PDFDocument.load(bytes, { updateMetadata: false });
    const source = await PDFDocument.load(original, { updateMetadata: false });
    expect(pageContent(clean, 0)).toBe(pageContent(source, 0));
    // The link survives, without who made it or what they said of it; every other annotation goes.
    const annots = clean.getPage(0).node.Annots()!.asArray();
    expect(annots).toHaveLength(1);
    const link = clean.context.lookup(annots[0], PDFDict);
    expect(link.get(PDFName.of('Subtype'))).toBe(PDFName.of('Link'));
    for (const key of ['T', 'Contents', 'RC', 'Popup', 'NM']) expect(link.has(PDFName.of(key))).toBe(false);
    const action = clean.context.lookup(link.get(PDFName.of('A')), PDFDict);
    expect(action.lookup(PDFName.of('URI'), PDFString).decodeText()).toBe('https://example.org/study');
    // One page, not copies of it brought along by what referred to it.
    const pages = [...clean.context.enumerateIndirectObjects()].filter(
      ([, object]) => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Page'),
    );
    expect(pages).toHaveLength(1);
    expect(clean.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('en-GB');
    // Drawn as before (poppler, annotations aside): text, picture, nested drawings and pattern.
    expect(rendered(bytes)).toEqual(rendered(original));
    expect(clean.catalog.lookup(PDFName.of('AF'))).toBeUndefined();
    expect(clean.getPage(0).node.has(PDFName.of('AF'))).toBe(false);
  });

  it('keeps links within the document going to their pages, named destinations too', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const [first, second, third] = [doc.addPage(), doc.addPage(), doc.addPage()];
    const { context } = doc;
    // A word processor's explicit destination, LaTeX's named ones (the names tree), and an older catalogue's.
    doc.catalog.set(
      PDFName.of('Names'),
      context.obj({
        Dests: context.obj({
          Kids: [
            context.obj({
              Names: [
                PDFString.of('section.2'),
                context.register(context.obj({ D: [second.ref, 'XYZ', 0, 500, null] })),
              ],
            }),
          ],
        }),
      }),
    );
    doc.catalog.set(PDFName.of('Dests'), context.obj({ chapter3: context.obj({ D: [third.ref, 'Fit'] }) }));
    const link = (target: Record<string, unknown>) =>
      context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 10, 10], ...target } as never));
    first.node.set(
      PDFName.of('Annots'),
      context.obj([
        link({ Dest: [third.ref, 'Fit'] }),
        link({ A: { S: 'GoTo', D: PDFString.of('section.2') } }),
        link({ Dest: 'chapter3' }),
      ]),
    );
    const { bytes, stripped } = await stripPdfMetadata(await doc.save());
    expect(stripped).toBe(true);

    const clean = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = clean.getPages().map((page) => page.ref);
    const targets = clean
      .getPage(0)
      .node.Annots()!
      .asArray()
      .map((ref) => {
        const annotation = clean.context.lookup(ref, PDFDict);
        const action = annotation.lookup(PDFName.of('A'));
        const dest = action instanceof PDFDict ? action.lookup(PDFName.of('D')) : annotation.lookup(PDFName.of('Dest'));
        return dest instanceof PDFArray ? pages.indexOf(dest.get(0) as PDFRef) : -1;
      });
    expect(targets).toEqual([2, 1, 2]);
    const pageObjects = [...clean.context.enumerateIndirectObjects()].filter(
      ([, object]) => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Page'),
    );
    expect(pageObjects).toHaveLength(3);
  });

  it('leaves an encrypted file or one that is not a PDF as it was, and says so', async () => {
    const encrypted = await pdfkitFile({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });
    const kept = await stripPdfMetadata(encrypted);
    expect(kept).toEqual({ bytes: encrypted, stripped: false });
    const garbage = new TextEncoder().encode('%PDF-1.4 nothing else');
    expect(await stripPdfMetadata(garbage)).toEqual({ bytes: garbage, stripped: false });
  });
});

/** The first page as poppler draws it without its annotations (PNG bytes). */
function rendered(bytes: Uint8Array): Buffer {
  const folder = mkdtempSync(path.join(tmpdir(), 'pdf-render-'));
  try {
    writeFileSync(path.join(folder, 'in.pdf'), bytes);
    execFileSync('pdftoppm', ['-png', '-r', '72', '-hide-annotations', '-singlefile', 'in.pdf', 'out'], {
      cwd: folder,
    });
    return readFileSync(path.join(folder, 'out.png'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
