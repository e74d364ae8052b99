import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFObject,
  type PDFPageLeaf,
} from 'pdf-lib';

const names = (...keys: string[]) => new Set(keys.map((key) => PDFName.of(key)));

/**
 * What a page keeps: what it draws and how (boxes, rotation, resources, transparency group) and
 * its links. Gone: its metadata (`Metadata`, `PieceInfo`), associated files (`AF`), actions
 * (`AA`), a thumbnail that may show an earlier version (`Thumb`), article beads (`B`, whose
 * threads carry document information), transitions and the structure tree's keys.
 */
const PAGE_KEYS = names(
  'Type',
  'Parent',
  'Resources',
  'MediaBox',
  'CropBox',
  'BleedBox',
  'TrimBox',
  'ArtBox',
  'BoxColorInfo',
  'Contents',
  'Rotate',
  'Group',
  'Annots',
  'UserUnit',
);

/** What a link annotation keeps: where it is, how it looks, where it goes; not who made it or what they wrote of it. */
const LINK_KEYS = names(
  'Type',
  'Subtype',
  'Rect',
  'Border',
  'BS',
  'C',
  'H',
  'QuadPoints',
  'F',
  'AP',
  'AS',
  'OC',
  'A',
  'Dest',
);

/** A link's actions that only go somewhere (not JavaScript, not another file, not a chain of actions). */
const LINK_ACTIONS: ReadonlyMap<PDFName, Set<PDFName>> = new Map([
  [PDFName.of('URI'), names('Type', 'S', 'URI', 'IsMap')],
  [PDFName.of('GoTo'), names('Type', 'S', 'D')],
  [PDFName.of('Named'), names('Type', 'S', 'N')],
]);

/**
 * Entries of any dictionary or stream the pages reach (a picture, a drawing and the drawings it
 * holds, a pattern, a font, a soft mask, a link's appearance) that carry what is not drawn: XMP
 * metadata (`dc:creator`), an application's private data, associated files, the high-resolution
 * original a proxy picture names (`OPI`), the file a reference XObject points to (`Ref`), and
 * optional content's usage (its `CreatorInfo`).
 */
const CARRIERS = names('Metadata', 'PieceInfo', 'AF', 'OPI', 'Ref', 'Usage');

/**
 * What a dictionary is: an object of the PDF's own (a picture, a font) whose `CARRIERS` go, or one
 * whose keys are names given by the file (a page's resources and the lists in them, a Type 3
 * font's glyphs), where a picture may be called `/Metadata`.
 */
type Kind = 'object' | 'resources' | 'names';

/** Drops `CARRIERS` from every dictionary and stream `object` reaches, each visited once. */
function dropCarriers(doc: PDFDocument, object: PDFObject | undefined, seen: Set<PDFObject>, kind: Kind = 'object') {
  const resolved = object === undefined ? undefined : doc.context.lookup(object);
  if (resolved === undefined || seen.has(resolved)) return;
  seen.add(resolved);
  if (resolved instanceof PDFArray) {
    for (const item of resolved.asArray()) dropCarriers(doc, item, seen);
    return;
  }
  const dict = resolved instanceof PDFStream ? resolved.dict : resolved instanceof PDFDict ? resolved : null;
  if (!dict) return;
  for (const [key, value] of dict.entries()) {
    // The way up the page tree: the other pages are cleaned as pages.
    if (key === PDFName.of('Parent')) continue;
    if (kind === 'object' && CARRIERS.has(key)) dict.delete(key);
    else
      dropCarriers(
        doc,
        value,
        seen,
        kind === 'resources' || (kind === 'object' && key === PDFName.of('CharProcs'))
          ? 'names'
          : kind === 'object' && key === PDFName.of('Resources')
            ? 'resources'
            : 'object',
      );
  }
}

/** Keeps of `dict` only the entries named in `keep`. */
function keepOnly(dict: PDFDict, keep: Set<PDFName>) {
  for (const key of dict.keys()) if (!keep.has(key)) dict.delete(key);
}

/** The value `key` has in the name tree at `node` (each level looked through; a loop stops at 32 levels). */
function inNameTree(doc: PDFDocument, node: PDFObject | undefined, key: string, depth = 0): PDFObject | undefined {
  const dict = node === undefined ? undefined : doc.context.lookup(node);
  if (!(dict instanceof PDFDict) || depth > 32) return undefined;
  const pairs = dict.lookup(PDFName.of('Names'));
  if (pairs instanceof PDFArray)
    for (let index = 0; index + 1 < pairs.size(); index += 2) {
      const name = pairs.lookup(index);
      if ((name instanceof PDFString || name instanceof PDFHexString) && name.decodeText() === key)
        return pairs.lookup(index + 1);
    }
  const kids = dict.lookup(PDFName.of('Kids'));
  if (kids instanceof PDFArray)
    for (const kid of kids.asArray()) {
      const found = inNameTree(doc, kid, key, depth + 1);
      if (found) return found;
    }
  return undefined;
}

/**
 * The page (its index) and place a link's destination names: given as `[page …]`, or by a name
 * the catalogue's `Dests` or its names tree holds (as LaTeX writes them), which the copy leaves behind.
 */
function destination(doc: PDFDocument, target: PDFObject, pages: PDFRef[]): PDFObject[] | undefined {
  let value = doc.context.lookup(target);
  if (value instanceof PDFName) value = doc.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict)?.lookup(value);
  else if (value instanceof PDFString || value instanceof PDFHexString) {
    const tree = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.get(PDFName.of('Dests'));
    value = inNameTree(doc, tree, value.decodeText());
  }
  if (value instanceof PDFDict) value = value.lookup(PDFName.of('D'));
  if (!(value instanceof PDFArray) || value.size() === 0) return undefined;
  const [page, ...place] = value.asArray();
  const index = page instanceof PDFRef ? pages.indexOf(page) : page instanceof PDFNumber ? page.asNumber() : -1;
  return Number.isInteger(index) && index >= 0 && index < pages.length ? [PDFNumber.of(index), ...place] : undefined;
}

/**
 * A link annotation as the reviewer's copy keeps it, or null for every other kind (comments,
 * attachments, fields…). A link within the document goes by `/Dest` to its page's index, turned
 * into the copied page by `pointLinks` (the page itself would bring a second copy of it along).
 */
function cleanLink(doc: PDFDocument, ref: PDFObject, pages: PDFRef[]): PDFObject | null {
  const annotation = doc.context.lookup(ref);
  if (!(annotation instanceof PDFDict) || annotation.get(PDFName.of('Subtype')) !== PDFName.of('Link')) return null;
  keepOnly(annotation, LINK_KEYS);
  const action = annotation.lookup(PDFName.of('A'));
  const kind = action instanceof PDFDict ? action.get(PDFName.of('S')) : undefined;
  const keep = kind instanceof PDFName ? LINK_ACTIONS.get(kind) : undefined;
  if (action instanceof PDFDict && keep) keepOnly(action, keep);
  else annotation.delete(PDFName.of('A'));
  const goTo = kind === PDFName.of('GoTo');
  const target = goTo ? (action as PDFDict).get(PDFName.of('D')) : annotation.get(PDFName.of('Dest'));
  const place = target === undefined || (keep && !goTo) ? undefined : destination(doc, target, pages);
  if (goTo) annotation.delete(PDFName.of('A'));
  if (place) annotation.set(PDFName.of('Dest'), doc.context.obj(place));
  else annotation.delete(PDFName.of('Dest'));
  return ref;
}

/** Points the copy's links within the document (`/Dest [index …]`, from `cleanLink`) at its pages. */
function pointLinks(doc: PDFDocument) {
  const pages = doc.getPages();
  for (const page of pages)
    for (const ref of page.node.Annots()?.asArray() ?? []) {
      const dest = doc.context.lookup(ref, PDFDict).lookup(PDFName.of('Dest'));
      const index = dest instanceof PDFArray ? dest.get(0) : undefined;
      const target = index instanceof PDFNumber ? pages[index.asNumber()] : undefined;
      if (dest instanceof PDFArray && target) dest.set(0, target.ref);
    }
}

/** Keeps of `page` what it draws and its links, each without what names their makers. */
function cleanPage(doc: PDFDocument, page: PDFPageLeaf, seen: Set<PDFObject>, pages: PDFRef[]) {
  keepOnly(page, PAGE_KEYS);
  const annots = page.Annots();
  if (annots) {
    const links = annots.asArray().flatMap((ref) => cleanLink(doc, ref, pages) ?? []);
    if (links.length > 0) page.set(PDFName.of('Annots'), doc.context.obj(links));
    else page.delete(PDFName.of('Annots'));
  }
  dropCarriers(doc, page, seen);
  // Inherited from the page tree, and brought onto the page when it is copied.
  dropCarriers(doc, page.Resources(), seen, 'resources');
}

/** A language tag (`en-GB`, `zh-Hant-TW`): the only part of the document's catalogue a copy keeps. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/**
 * A PDF without what names its author outside the text (blind review, decision record 015): the
 * pages copied into a new document, so nothing of the old one comes along but what the pages
 * draw — no document information (Author, Creator, Producer, Title…), no XMP metadata stream, no
 * earlier revisions an incremental save left in the file, no embedded files, JavaScript,
 * bookmarks, form fields or structure tree (its alternative texts) — and the pages themselves
 * cleaned first (`cleanPage`): every annotation but links removed (comments and tracked changes
 * carry their author in `/T`), links without their author and comments, and the metadata,
 * private data and associated files of the pages and of everything they draw dropped, however
 * deep. The document's language tag is kept. A file pdf-lib cannot read, or an encrypted one, is
 * answered as it was with `stripped: false`, so the author can be told.
 */
export async function stripPdfMetadata(bytes: Uint8Array): Promise<{ bytes: Uint8Array; stripped: boolean }> {
  try {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    // Cleaned before copying: what a copied page refers to comes along into the new file.
    const seen = new Set<PDFObject>();
    const pages = source.getPages().map((page) => page.ref);
    for (const page of source.getPages()) cleanPage(source, page.node, seen, pages);
    const clean = await PDFDocument.create({ updateMetadata: false });
    for (const page of await clean.copyPages(source, source.getPageIndices())) clean.addPage(page);
    pointLinks(clean);
    const language = source.catalog.lookup(PDFName.of('Lang'));
    if ((language instanceof PDFString || language instanceof PDFHexString) && LANGUAGE_TAG.test(language.decodeText()))
      clean.setLanguage(language.decodeText());
    return { bytes: await clean.save({ updateFieldAppearances: false }), stripped: true };
  } catch {
    return { bytes, stripped: false };
  }
}
