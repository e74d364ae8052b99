import { PDFDocument, PDFName } from 'pdf-lib';

/** Entries of a page that carry metadata of their own (XMP, an application's private data). */
const PAGE_METADATA = ['Metadata', 'PieceInfo'].map((name) => PDFName.of(name));

/**
 * A PDF without what names its author outside the text (blind review, decision record 015): the
 * pages copied into a new document, so nothing of the old one comes along but what the pages
 * draw — no document information (Author, Creator, Producer, Title…), no XMP metadata stream, no
 * earlier revisions an incremental save left in the file — and the pages' own metadata dropped.
 * Bookmarks and form fields go too. A file pdf-lib cannot read, or an encrypted one, is answered
 * as it was with `stripped: false`, so the author can be told.
 */
export async function stripPdfMetadata(bytes: Uint8Array): Promise<{ bytes: Uint8Array; stripped: boolean }> {
  try {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    // Dropped before copying: what a copied page refers to comes along into the new file.
    for (const page of source.getPages()) for (const name of PAGE_METADATA) page.node.delete(name);
    const clean = await PDFDocument.create({ updateMetadata: false });
    for (const page of await clean.copyPages(source, source.getPageIndices())) clean.addPage(page);
    return { bytes: await clean.save({ updateFieldAppearances: false }), stripped: true };
  } catch {
    return { bytes, stripped: false };
  }
}
