// For tests only: a manuscript PDF that names its author everywhere but in what its pages draw, and
// a search through every object of a PDF (strings decoded, streams inflated).
import type { PDFRef } from 'pdf-lib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFStream,
  PDFString,
  StandardFonts,
  concatTransformationMatrix,
  decodePDFRawStream,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';

/** What `context.obj` makes a dictionary of (pdf-lib does not export its type). */
type Literal = Extract<Parameters<PDFContext['stream']>[1], object>;

/** An XMP packet whose `dc:creator` is `author` (as design tools write into a placed picture). */
const xmp = (author: string) =>
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${author}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

/**
 * A one-page manuscript whose page draws a title, a picture, a drawing (a form XObject holding
 * another) and a patterned box, and which names `author` outside what it draws: review
 * comments (Text with its Popup, FreeText, Ink, Highlight), a FileAttachment annotation, the
 * embedded files' names tree, associated files (`/AF`) of the page and the catalogue, the XMP
 * metadata and PieceInfo of the picture, of both drawings, of the pattern's drawing and of the
 * page, the page's actions and the document's JavaScript; a link annotation carries the name in
 * its `/T`, `/Contents`, `/RC` and `/Popup`, and its appearance's metadata.
 */
export async function hostilePdf(author: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { context } = doc;
  doc.setLanguage('en-GB');
  const page = doc.addPage([400, 400]);
  const text = (value: string) => PDFString.of(value);
  const metadata = (compressed: boolean) =>
    context.register(
      compressed
        ? context.flateStream(xmp(author), { Type: 'Metadata', Subtype: 'XML' })
        : context.stream(xmp(author), { Type: 'Metadata', Subtype: 'XML' }),
    );
  const pieceInfo = () => ({
    Illustrator: { LastModified: text('D:20260101120000Z'), Private: { Creator: text(author) } },
  });
  /** A drawing (a form XObject) of `content` in `bbox`, with `entries` (its metadata, resources). */
  const drawing = (content: string, bbox: number[], entries: Literal) =>
    context.register(context.stream(content, { Type: 'XObject', Subtype: 'Form', BBox: bbox, ...entries }));

  page.drawText('Outcomes of outpatient education', {
    x: 20,
    y: 360,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });

  // A picture (2×2 RGB) placed from a design tool.
  const pixels = new Uint8Array([200, 30, 30, 30, 200, 30, 30, 30, 200, 220, 220, 30]);
  const image = context.register(
    context.stream(pixels, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 2,
      Height: 2,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Metadata: metadata(true),
      PieceInfo: pieceInfo(),
    }),
  );
  // A drawing holding another, each with its own metadata.
  const inner = drawing('0 0 1 rg 10 10 30 30 re f', [0, 0, 50, 50], {
    Metadata: metadata(false),
    PieceInfo: pieceInfo(),
  });
  const form = drawing('0 0.6 0 rg 0 0 100 60 re f /Inner Do', [0, 0, 100, 60], {
    Resources: { XObject: { Inner: inner } },
    Metadata: metadata(true),
    PieceInfo: pieceInfo(),
  });
  // A tiling pattern whose cell draws a form with metadata of its own.
  const cell = drawing('1 0.5 0 rg 0 0 5 5 re f', [0, 0, 10, 10], { Metadata: metadata(true) });
  const pattern = context.register(
    context.stream('/Cell Do', {
      PatternType: 1,
      PaintType: 1,
      TilingType: 1,
      BBox: [0, 0, 10, 10],
      XStep: 10,
      YStep: 10,
      Resources: { XObject: { Cell: cell } },
    }),
  );
  const imageName = page.node.newXObject('Im', image);
  const formName = page.node.newXObject('Fm', form);
  page.node.normalizedEntries().Resources.set(PDFName.of('Pattern'), context.obj({ P1: pattern }));
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(100, 0, 0, 100, 20, 220),
    drawObject(imageName),
    popGraphicsState(),
    pushGraphicsState(),
    concatTransformationMatrix(1, 0, 0, 1, 160, 220),
    drawObject(formName),
    popGraphicsState(),
  );
  const patterned = context.register(context.stream('q /Pattern cs /P1 scn 20 100 120 80 re f Q'));
  page.node.addContentStream(patterned);

  // An embedded file naming the author, in the names tree, a FileAttachment annotation and /AF.
  const embedded = context.register(
    context.flateStream(`Notes by ${author}`, { Type: 'EmbeddedFile', Subtype: PDFName.of('text/plain') }),
  );
  const fileSpec = context.register(
    context.obj({
      Type: 'Filespec',
      F: text(`${author} notes.txt`),
      UF: PDFHexString.fromText(`${author} notes.txt`),
      Desc: text(`Notes by ${author}`),
      EF: { F: embedded, UF: embedded },
      AFRelationship: 'Supplement',
    }),
  );
  await doc.attach(new TextEncoder().encode(`Cover letter by ${author}`), `${author} cover letter.txt`, {
    mimeType: 'text/plain',
    description: `Cover letter by ${author}`,
  });
  doc.catalog.set(PDFName.of('AF'), context.obj([fileSpec]));
  doc.addJavaScript('greeting', `app.alert('${author}')`);

  // Review comments and tracked changes as a word processor exports them.
  const appearance = drawing('0.8 g 0 0 180 20 re S', [0, 0, 180, 20], {
    Metadata: metadata(true),
    PieceInfo: pieceInfo(),
  });
  const annotation = (entries: Literal) =>
    context.register(context.obj({ Type: 'Annot', P: page.ref, M: text('D:20260101120000Z'), ...entries }));
  const popup = annotation({ Subtype: 'Popup', Rect: [250, 250, 390, 330], T: text(author), Open: false });
  const note = annotation({
    Subtype: 'Text',
    Rect: [300, 300, 320, 320],
    T: PDFHexString.fromText(author),
    Contents: text(`Please cite ${author} 2024`),
    NM: text(`comment by ${author}`),
    Popup: popup,
    Metadata: metadata(false),
  });
  context.lookup(popup, PDFDict).set(PDFName.of('Parent'), note);
  const link = annotation({
    Subtype: 'Link',
    Rect: [20, 350, 200, 370],
    Border: [0, 0, 0],
    A: { S: 'URI', URI: text('https://example.org/study') },
    T: text(author),
    Contents: text(`Link added by ${author}`),
    RC: text(`<body><p>Link added by ${author}</p></body>`),
    NM: text(`link by ${author}`),
    Popup: popup,
    AP: { N: appearance },
  });
  const annotations = [
    note,
    popup,
    link,
    annotation({
      Subtype: 'FreeText',
      Rect: [20, 20, 200, 60],
      DA: text('/Helv 10 Tf 0 g'),
      T: text(author),
      Contents: text(`Inserted by ${author}`),
      RC: text(`<body><p>Inserted by ${author}</p></body>`),
    }),
    annotation({ Subtype: 'Ink', Rect: [200, 20, 260, 80], InkList: [[200, 20, 260, 80]], T: text(author) }),
    annotation({
      Subtype: 'Highlight',
      Rect: [20, 350, 200, 370],
      QuadPoints: [20, 370, 200, 370, 20, 350, 200, 350],
      T: text(author),
      Contents: text(`Tracked change by ${author}`),
    }),
    annotation({
      Subtype: 'FileAttachment',
      Rect: [370, 20, 390, 40],
      FS: fileSpec,
      T: text(author),
      Contents: text(`${author} notes.txt`),
    }),
  ];
  page.node.set(PDFName.of('Annots'), context.obj(annotations));

  // The page's own metadata, associated files and actions.
  page.node.set(PDFName.of('Metadata'), metadata(true));
  page.node.set(PDFName.of('PieceInfo'), context.obj(pieceInfo()));
  page.node.set(PDFName.of('AF'), context.obj([fileSpec]));
  page.node.set(PDFName.of('AA'), context.obj({ O: { S: 'JavaScript', JS: text(`app.alert('${author}')`) } }));
  return doc.save({ updateFieldAppearances: false });
}

/** The bytes a stream holds, inflated where pdf-lib can decode them (else as stored). */
function streamBytes(stream: PDFStream): Uint8Array {
  if (!(stream instanceof PDFRawStream)) return stream.getContents();
  try {
    return decodePDFRawStream(stream).decode();
  } catch {
    return stream.getContents();
  }
}

/**
 * Every text a PDF holds, as one string: its raw bytes, and of every object (those in object
 * streams too) its written form, its strings decoded (UTF-16 hex strings as text) and its streams
 * inflated.
 */
export async function everythingIn(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const parts = [Buffer.from(bytes).toString('latin1')];
  const visit = (object: PDFObject | undefined): void => {
    if (object instanceof PDFString || object instanceof PDFHexString) parts.push(object.decodeText());
    else if (object instanceof PDFArray) for (const item of object.asArray()) visit(item);
    else if (object instanceof PDFDict)
      for (const [key, value] of object.entries()) {
        visit(key);
        visit(value);
      }
    else if (object instanceof PDFStream) {
      visit(object.dict);
      parts.push(Buffer.from(streamBytes(object)).toString('latin1'));
    } else if (object instanceof PDFName) parts.push(object.decodeText());
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    parts.push(object.toString());
    visit(object);
  }
  return parts.join('\n');
}

/** The bytes a page's content streams draw (inflated, one after the other). */
export function pageContent(doc: PDFDocument, index: number): string {
  const contents = doc.getPage(index).node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref as PDFRef, PDFStream))
      : contents
        ? [contents]
        : [];
  return streams.map((stream) => Buffer.from(streamBytes(stream)).toString('latin1')).join('\n');
}
