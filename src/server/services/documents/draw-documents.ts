import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { getT } from '../../../i18n';
import { amountInWords } from '../../../lib/documents/capital-numerals';
import { amountInEnglishWords } from '../../../lib/documents/english-words';
import {
  holderName,
  type AttendanceFacts,
  type CertificateFacts,
  type PaperAuthorisationFacts,
  type ReceiptFacts,
  type TranscriptFacts,
  type TranscriptRequirement,
} from '../../../lib/documents/facts';
import { formatVerifyCode } from '../../../lib/documents/verify-code';
import { formatAmount, formatDate, formatDateTime, formatDay, formatPoints } from '../../../lib/format';
import { type I18nText, localName, pickText } from '../../../lib/i18n-text';
import { formatEventRange } from '../../../lib/event-format';
import type { Locale } from '../../../lib/locales';
import type { IssuedDocument } from './issue-documents';

type Doc = PDFKit.PDFDocument;

/**
 * Noto Sans TC (OFL) from the npm package `@expo-google-fonts/noto-sans-tc`: whole TrueType files,
 * which pdfkit's fontkit subsets, so a PDF carries only the glyphs it uses (decision 008).
 */
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
} as const;
let fonts: Record<keyof typeof FONT_FILES, Buffer> | null = null;

function loadFonts() {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = {
      regular: readFileSync(require.resolve(FONT_FILES.regular)),
      bold: readFileSync(require.resolve(FONT_FILES.bold)),
    };
  }
  return fonts;
}

const INK = '#1f2937';
const MUTED = '#4b5563';
const SEAL_RED = '#c8102e';
const RULE = '#9ca3af';

/** The page's text column: its left edge and its width between the margins. */
function textColumn(doc: Doc) {
  const left = doc.page.margins.left;
  return { left, width: doc.page.width - left - doc.page.margins.right };
}

/** A horizontal rule across a column, at `y`. */
function drawRule(doc: Doc, x: number, y: number, width: number, lineWidth: number, color: string) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(lineWidth)
    .stroke(color);
}

/**
 * What every page of a document repeats at its top: the society, the document's title and whom it
 * is for (member number and name), so a second page still says whose and what it is.
 */
interface RunningHeader {
  society: string;
  title: string;
  /** The document's own number, for the file's title. */
  number: string;
  holder: string;
  memberNo?: string;
}

/**
 * A new document in the shared layout: A4, the embedded fonts, and — on every page after the
 * first, however it was added (by a document or by text flowing over) — the running header in the
 * top margin. `finish` numbers the pages ("1 / 2") when there is more than one.
 */
function newDocument(layout: 'portrait' | 'landscape', running: RunningHeader, locale: Locale): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margin: 56,
    bufferPages: true,
    lang: locale === 'en-us' ? 'en-US' : 'zh-Hant-TW',
    info: { Title: `${running.title} ${running.number}`, Author: running.society, Creator: running.society },
    displayTitle: true,
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.on('pageAdded', () => drawRunningHeader(doc, running));
  doc.font('regular').fillColor(INK);
  return doc;
}

/** The running header, in the top margin: society and title on the left, member number and name on the right. */
function drawRunningHeader(doc: Doc, running: RunningHeader) {
  const { x, y } = doc;
  const { left, width } = textColumn(doc);
  const top = 18;
  const side = width * 0.6;
  const line = (text: string, at: number, x0: number, w: number, align: 'left' | 'right') =>
    doc.text(text, x0, at, { width: w, align, lineBreak: false, ellipsis: true });
  doc.save();
  doc.fontSize(8.5).fillColor(INK);
  doc.font('bold');
  line(running.society, top, left, side, 'left');
  doc.font('regular');
  line(running.title, top + 12, left, side, 'left');
  line(running.memberNo ?? '', top, left + side, width - side, 'right');
  doc.font('bold');
  line(running.holder, top + 12, left + side, width - side, 'right');
  drawRule(doc, left, top + 27, width, 0.6, RULE);
  doc.restore();
  doc.font('regular').fontSize(10.5).fillColor(INK);
  doc.x = x;
  doc.y = y;
}

/** Numbers the pages at their foot ("1 / 2") when a document runs to more than one. */
function numberPages(doc: Doc) {
  const { start, count } = doc.bufferedPageRange();
  if (count < 2) return;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // text in the margin must not flow onto a new page
    const { left, width } = textColumn(doc);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${i - start + 1} / ${count}`, left, doc.page.height - 36, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}

function finish(doc: Doc): Promise<Buffer> {
  numberPages(doc);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A QR code drawn as vector squares (no image), linked to the address it holds. */
function drawQr(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  doc.save();
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
  doc.fill('#000000');
  doc.restore();
  doc.link(x, y, size, size, url);
}

/**
 * The society's seal in red: a square with a double border and the society's name in columns,
 * read from the right, top to bottom, as a Chinese seal is cut; a spare cell takes 印.
 */
function drawSeal(doc: Doc, name: string, x: number, y: number, size: number) {
  const chars = Array.from(name.replace(/\s/g, '')).slice(0, 16);
  const cols = Math.max(1, Math.ceil(Math.sqrt(chars.length)));
  const rows = Math.max(1, Math.ceil(chars.length / cols));
  if (chars.length < cols * rows) chars.push('印');
  doc.save();
  doc.lineWidth(3).rect(x, y, size, size).stroke(SEAL_RED);
  doc
    .lineWidth(0.8)
    .rect(x + 5, y + 5, size - 10, size - 10)
    .stroke(SEAL_RED);
  const inner = size - 18;
  const cellW = inner / cols;
  const cellH = inner / rows;
  const fontSize = Math.min(cellW, cellH) * 0.86;
  doc.font('bold').fontSize(fontSize).fillColor(SEAL_RED);
  chars.forEach((char, i) => {
    const col = cols - 1 - Math.floor(i / rows);
    const row = i % rows;
    const cx = x + 9 + col * cellW;
    const cy = y + 9 + row * cellH + (cellH - fontSize * 1.2) / 2;
    doc.text(char, cx, cy, { width: cellW, align: 'center', lineBreak: false });
  });
  doc.restore();
  doc.font('regular').fillColor(INK);
}

/** The verification block: the QR code, what it is for, the address and the short code. */
function drawVerification(doc: Doc, verifyUrl: string, code: string, locale: Locale, x: number, y: number) {
  const t = getT(locale);
  const qr = 84;
  drawQr(doc, verifyUrl, x, y, qr);
  const textX = x + qr + 10;
  const width = 250;
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(t('documents:verify.scan'), textX, y + 6, { width });
  doc.fontSize(8).text(verifyUrl, { width, link: verifyUrl });
  doc
    .moveDown(0.3)
    .fontSize(9)
    .text(`${t('documents:verify.code')}: `, { continued: true, width })
    .font('bold')
    .fillColor(INK)
    .text(formatVerifyCode(code), { characterSpacing: 1 });
  doc.font('regular').fillColor(INK);
}

/** The two sizes of a portrait document's heading: the receipt's, and the records' (transcript, authorisation). */
const HEADINGS = {
  receipt: { top: 56, societySize: 19, titleSize: 24, spacing: { latin: 2, han: 12 }, ruleGap: 8 },
  record: { top: 48, societySize: 17, titleSize: 21, spacing: { latin: 1, han: 8 }, ruleGap: 6 },
} as const;

/** A portrait document's heading: the society, the title spaced out beneath it, and a rule; answers the rule's y. */
function drawHeading(doc: Doc, size: keyof typeof HEADINGS, society: string, title: string, locale: Locale) {
  const { top, societySize, titleSize, spacing, ruleGap } = HEADINGS[size];
  const { left, width } = textColumn(doc);
  doc.font('bold').fontSize(societySize).text(society, left, top, { width, align: 'center' });
  doc
    .fontSize(titleSize)
    .text(title, { width, align: 'center', characterSpacing: locale === 'en-us' ? spacing.latin : spacing.han });
  const ruleY = doc.y + ruleGap;
  drawRule(doc, left, ruleY, width, 1, INK);
  return ruleY;
}

/** How the receipt and the transcript close: the seal's size and lift beside the verification block, the note's size and gap beneath. */
const CLOSINGS = {
  receipt: { sealSize: 112, sealLift: 14, noteSize: 8.5, noteGap: 12 },
  transcript: { sealSize: 96, sealLift: 8, noteSize: 8, noteGap: 4 },
  attendance: { sealSize: 96, sealLift: 8, noteSize: 8, noteGap: 4 },
} as const;

/**
 * The close of a sealed portrait document, from `y`: the verification block at the left, the
 * society's seal at the right, and the document's note beneath.
 */
function drawSealedClose(
  doc: Doc,
  kind: keyof typeof CLOSINGS,
  society: I18nText,
  issued: IssuedDocument,
  verifyUrl: string,
  locale: Locale,
  y: number,
) {
  const { sealSize, sealLift, noteSize, noteGap } = CLOSINGS[kind];
  const { left, width } = textColumn(doc);
  drawVerification(doc, verifyUrl, issued.verifyCode, locale, left, y);
  drawSeal(doc, pickText(society, 'zh-tw'), left + width - sealSize - 8, y - sealLift, sealSize);
  doc
    .font('regular')
    .fontSize(noteSize)
    .fillColor(MUTED)
    .text(getT(locale)(`documents:${kind}.note`), left, y + sealSize + noteGap, { width });
}

/** Label and value rows at a fixed label width; answers the y below the last row. */
function drawRows(doc: Doc, rows: [string, string][], x: number, y: number, labelWidth: number, width: number) {
  let top = y;
  for (const [label, value] of rows) {
    // A row that does not fit goes to the next page whole, not split from its label.
    doc.font('bold').fontSize(10.5);
    const bottom = doc.page.height - doc.page.margins.bottom;
    const h = doc.heightOfString(value, { width: width - labelWidth });
    if (top + h > bottom && h < bottom - doc.page.margins.top) {
      doc.addPage();
      top = doc.page.margins.top;
    }
    doc.font('regular').fontSize(10.5).fillColor(MUTED).text(label, x, top, { width: labelWidth });
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, x + labelWidth, top, { width: width - labelWidth });
    top = Math.max(doc.y, top + 16) + 5;
  }
  doc.font('regular');
  return top;
}

const money = (n: number) => formatAmount(n);

async function drawReceipt(facts: ReceiptFacts, doc0: IssuedDocument, locale: Locale, verifyUrl: string) {
  const t = getT(locale);
  const society = pickText(facts.society, locale);
  const payer = holderName(facts.payer, locale);
  const doc = newDocument(
    'portrait',
    { society, title: t('documents:receipt.title'), number: doc0.number, holder: payer },
    locale,
  );
  const { left, width } = textColumn(doc);
  const ruleY = drawHeading(doc, 'receipt', society, t('documents:receipt.title'), locale);

  const method = t(`payments:page.methods.${facts.method}`, { defaultValue: facts.method });
  let y = drawRows(
    doc,
    [
      [t('documents:receipt.number'), doc0.number],
      [t('documents:receipt.paidAt'), formatDate(facts.paidAt, locale)],
      [t('documents:receipt.payer'), payer],
      ...(facts.payerTaxId ? [[t('documents:receipt.taxId'), facts.payerTaxId] as [string, string]] : []),
      ...(facts.course ? [[t('documents:receipt.course'), facts.course] as [string, string]] : []),
      [t('documents:receipt.order'), facts.orderNumber],
      [t('documents:receipt.method'), method],
    ],
    left,
    ruleY + 18,
    120,
    width,
  );

  // The items: description and amount, a total row, and the amount in capital numerals.
  const amountWidth = 130;
  const descWidth = width - amountWidth - 16;
  y += 10;
  doc.rect(left, y, width, 22).fill('#f3f4f6');
  doc.fillColor(INK).font('bold').fontSize(10.5);
  doc.text(t('documents:receipt.item'), left + 8, y + 5, { width: descWidth });
  doc.text(t('documents:receipt.amount'), left + 8 + descWidth, y + 5, { width: amountWidth, align: 'right' });
  y += 22;
  doc.font('regular');
  for (const item of facts.items) {
    const text = pickText(item.description, locale);
    const h = Math.max(doc.heightOfString(text, { width: descWidth }), 14) + 10;
    doc.text(text, left + 8, y + 5, { width: descWidth });
    doc.text(money(item.amount), left + 8 + descWidth, y + 5, { width: amountWidth, align: 'right' });
    y += h;
    drawRule(doc, left, y, width, 0.5, RULE);
  }
  doc.font('bold');
  doc.text(t('documents:receipt.total'), left + 8, y + 6, { width: descWidth });
  doc.text(`NT$ ${money(facts.total)}`, left + 8 + descWidth, y + 6, { width: amountWidth, align: 'right' });
  y += 26;
  drawRule(doc, left, y, width, 1, INK);
  y += 10;
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(MUTED)
    .text(t('documents:receipt.inWords'), left + 8, y + 2, {
      width: 120,
    });
  doc
    .font('bold')
    .fontSize(14)
    .fillColor(INK)
    .text(amountInWords(facts.total), left + 128, y, { width: width - 128 });
  if (locale === 'en-us')
    doc
      .font('regular')
      .fontSize(11.5)
      .text(amountInEnglishWords(facts.total), left + 128, doc.y + 2, { width: width - 128 });
  y = doc.y + 28;

  drawSealedClose(doc, 'receipt', facts.society, doc0, verifyUrl, locale, y);
  if (doc0.revokedAt) drawVoid(doc, t, doc0.revokedAt, doc0.revokedReason ?? '', locale);
  return finish(doc);
}

/**
 * A voided receipt as finance still reads it: a large red stamp across the page and, at its top,
 * when it was voided and why, so no copy of it passes for a valid receipt.
 */
function drawVoid(doc: Doc, t: ReturnType<typeof getT>, at: Date, reason: string, locale: Locale) {
  const { left, width } = textColumn(doc);
  const cx = doc.page.width / 2;
  const cy = doc.page.height / 2;
  doc.save();
  doc.rotate(-30, { origin: [cx, cy] });
  doc.lineWidth(6).strokeColor(SEAL_RED).strokeOpacity(0.55);
  doc.rect(cx - 220, cy - 70, 440, 140).stroke();
  doc
    .font('bold')
    .fontSize(88)
    .fillColor(SEAL_RED)
    .fillOpacity(0.55)
    .text(t('documents:receipt.void'), cx - 220, cy - 52, { width: 440, align: 'center', lineBreak: false });
  doc.restore();
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(SEAL_RED)
    .fillOpacity(1)
    .text(t('documents:receipt.voided', { date: formatDate(at.toISOString(), locale), reason }), left, 30, {
      width,
      align: 'center',
    });
}

async function drawCertificate(facts: CertificateFacts, doc0: IssuedDocument, locale: Locale, verifyUrl: string) {
  const t = getT(locale);
  const society = pickText(facts.society, locale);
  const name = holderName(facts.holder, locale);
  const doc = newDocument(
    'landscape',
    { society, title: t('documents:certificate.title'), number: doc0.number, holder: name, memberNo: facts.memberNo },
    locale,
  );
  const { width: pageWidth, height: pageHeight } = doc.page;
  doc
    .lineWidth(3)
    .rect(24, 24, pageWidth - 48, pageHeight - 48)
    .stroke('#1e3a8a');
  doc
    .lineWidth(0.8)
    .rect(32, 32, pageWidth - 64, pageHeight - 64)
    .stroke('#1e3a8a');
  const left = 72;
  const width = pageWidth - 2 * left;

  doc.font('bold').fontSize(20).fillColor(INK).text(society, left, 60, { width, align: 'center' });
  doc
    .fontSize(30)
    .fillColor('#1e3a8a')
    .text(t('documents:certificate.title'), { width, align: 'center', characterSpacing: locale === 'en-us' ? 1 : 10 });
  doc.moveDown(0.4).font('regular').fontSize(12).fillColor(INK);
  doc.text(t('documents:certificate.certifies'), { width, align: 'center' });
  const otherName = name === facts.holder.nameZh ? facts.holder.nameEn.trim() : facts.holder.nameZh;
  doc.moveDown(0.2).font('bold').fontSize(26).text(name, { width, align: 'center' });
  if (otherName) doc.font('regular').fontSize(13).fillColor(MUTED).text(otherName, { width, align: 'center' });
  doc.moveDown(0.3).font('regular').fontSize(12).fillColor(INK);
  doc.text(t('documents:certificate.isMember'), { width, align: 'center' });

  const day = (d: string) => formatDay(d, locale);
  const rowsWidth = 360;
  drawRows(
    doc,
    [
      [t('documents:certificate.memberNo'), facts.memberNo],
      [t('documents:certificate.class'), pickText(facts.className, locale)],
      [t('documents:certificate.since'), day(facts.joinedOn)],
      [t('documents:certificate.termEnd'), facts.termEnd ? day(facts.termEnd) : t('documents:certificate.life')],
      [t('documents:certificate.edition'), t('documents:certificate.editionValue', { edition: facts.edition })],
      [t('documents:certificate.issuedAt'), formatDate(doc0.issuedAt, locale)],
    ],
    (pageWidth - rowsWidth) / 2,
    doc.y + 16,
    150,
    rowsWidth,
  );

  const sealSize = 104;
  const bottom = pageHeight - 56;
  drawVerification(doc, verifyUrl, doc0.verifyCode, locale, left, bottom - 84);
  drawSeal(doc, pickText(facts.society, 'zh-tw'), pageWidth - left - sealSize, bottom - sealSize, sealSize);
  return finish(doc);
}

const points = formatPoints;

/** A transcript's requirement in words: what it asks and where the holder stood. */
function requirementText(r: TranscriptRequirement, locale: Locale): [string, string] {
  const t = getT(locale);
  const of = (have: number, need: number) => t('credits:pointsOf', { have: points(have), need: points(need) });
  if (r.kind === 'total') return [t('credits:certification.total'), of(r.have, r.need)];
  if (r.kind === 'class')
    return [
      t('credits:certification.classMin', { class: t(`credits:classes.${r.creditClass}`), need: points(r.need) }),
      of(r.have, r.need),
    ];
  if (r.kind === 'group') {
    const group = pickText(r.name, locale);
    return [
      r.cap === null
        ? t('credits:certification.groupMin', { group, min: points(r.min) })
        : t('credits:certification.groupMinCap', { group, min: points(r.min), cap: points(r.cap) }),
      of(r.have, r.min),
    ];
  }
  return [
    t('credits:certification.methodCap', { method: t(`credits:methods.${r.method}`), cap: points(r.cap) }),
    of(r.have, r.cap),
  ];
}

/** A column of `drawTable`: its heading, width, and whether its figures align right. */
interface TableColumn {
  label: string;
  width: number;
  right?: boolean;
}

/**
 * A table across the text column from `y`, its header repeated on every page it runs onto; the
 * last row goes over with `closing` points of what follows it rather than leave that alone on a
 * page. `empty` is said when there are no rows. Answers the y below the table.
 */
function drawTable(doc: Doc, cols: TableColumn[], rows: string[][], y: number, closing: number, empty: string) {
  const { left, width } = textColumn(doc);
  const bottom = doc.page.height - doc.page.margins.bottom;
  const header = () => {
    doc.rect(left, y, width, 18).fill('#f3f4f6');
    let x = left;
    doc.fillColor(INK).font('bold').fontSize(8.5);
    for (const col of cols) {
      doc.text(col.label, x + 3, y + 4, { width: col.width - 6, align: col.right ? 'right' : 'left' });
      x += col.width;
    }
    y += 18;
  };
  header();
  doc.font('regular').fontSize(8.5);
  rows.forEach((cells, index) => {
    const last = index === rows.length - 1;
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.width - 6 }))) + 6;
    if (y + h > bottom - 10 || (last && y + h + closing > bottom)) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
      doc.font('regular').fontSize(8.5);
    }
    let x = left;
    cells.forEach((c, i) => {
      doc.fillColor(INK).text(c, x + 3, y + 3, { width: cols[i]!.width - 6, align: cols[i]!.right ? 'right' : 'left' });
      x += cols[i]!.width;
    });
    y += h;
    drawRule(doc, left, y, width, 0.4, RULE);
  });
  if (rows.length === 0) {
    doc.fillColor(MUTED).text(empty, left + 3, y + 4, { width });
    y = doc.y + 4;
  }
  return y;
}

async function drawTranscript(facts: TranscriptFacts, doc0: IssuedDocument, locale: Locale, verifyUrl: string) {
  const t = getT(locale);
  const society = pickText(facts.society, locale);
  const holder = holderName(facts.holder, locale);
  const doc = newDocument(
    'portrait',
    { society, title: t('documents:transcript.title'), number: doc0.number, holder, memberNo: facts.memberNo },
    locale,
  );
  const { left, width } = textColumn(doc);
  const bottom = doc.page.height - doc.page.margins.bottom;
  const day = (d: string) => formatDay(d, locale);

  const ruleY = drawHeading(doc, 'record', society, t('documents:transcript.title'), locale);
  let y = drawRows(
    doc,
    [
      [t('documents:transcript.number'), doc0.number],
      [t('documents:transcript.holder'), holder],
      ...(facts.memberNo ? [[t('documents:transcript.memberNo'), facts.memberNo] as [string, string]] : []),
      [
        t('documents:transcript.certification'),
        locale === 'en-us'
          ? `${pickText(facts.certification, locale)} (${pickText(facts.issuer, locale)})`
          : `${pickText(facts.certification, locale)}（${pickText(facts.issuer, locale)}）`,
      ],
      [t('credits:certification.number'), facts.certificate.number],
      [
        t('credits:certification.period'),
        t('credits:certification.periodValue', {
          from: day(facts.certificate.startsOn),
          to: day(facts.certificate.endsOn),
        }),
      ],
      [t('documents:transcript.asOf'), formatDate(doc0.issuedAt, locale)],
    ],
    left,
    ruleY + 12,
    120,
    width,
  );

  // Where the holder stood: each requirement, then met or not.
  y += 6;
  doc.font('bold').fontSize(11.5).fillColor(INK).text(t('documents:transcript.standing'), left, y, { width });
  y = doc.y + 4;
  for (const r of facts.requirements) {
    const [label, value] = requirementText(r, locale);
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(INK)
      .text(label, left + 8, y, { width: width - 150 });
    const rowBottom = doc.y;
    doc.font('bold').text(value, left + width - 140, y, { width: 140, align: 'right' });
    y = Math.max(rowBottom, doc.y) + 3;
  }
  doc
    .font('bold')
    .fontSize(10.5)
    .fillColor(facts.met ? '#166534' : '#9a3412')
    .text(facts.met ? t('documents:transcript.met') : t('documents:transcript.notMet'), left + 8, y + 2, { width });
  y = doc.y + 12;

  // The entries of the period, with a header repeated on every page.
  const cols = [
    { label: t('credits:ledger.date'), width: 66 },
    { label: t('credits:ledger.activity'), width: width - 66 - 84 - 84 - 46 - 46 },
    { label: t('credits:ledger.category'), width: 84 },
    { label: t('credits:ledger.method'), width: 84 },
    { label: t('credits:ledger.points'), width: 46, right: true },
    { label: t('credits:ledger.countedPoints'), width: 46, right: true },
  ];
  // The verification block and the seal close the document: the last entry goes over to a new page
  // with them rather than leave them alone on one.
  const closing = 24 + CLOSINGS.transcript.sealSize + 30;
  y = drawTable(
    doc,
    cols,
    facts.entries.map((e) => [
      day(e.earnedOn),
      [pickText(e.title, locale), typeof e.provider === 'string' ? e.provider : pickText(e.provider, locale)]
        .filter(Boolean)
        .join('\n'),
      `${pickText(e.category, locale)} · ${t(`credits:classes.${e.creditClass}`)}`,
      t(`credits:methods.${e.method}`),
      points(e.points),
      points(e.counted),
    ]),
    y,
    closing,
    t('credits:ledger.empty'),
  );

  // Without entries to carry over, the block goes to the next page when it does not fit.
  if (y + closing > bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 24;
  drawSealedClose(doc, 'transcript', facts.society, doc0, verifyUrl, locale, y);
  return finish(doc);
}

/** Taipei minutes since midnight as a time of day (`09:30`). */
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A certificate of attendance: the holder, the event, each session attended with the points it
 * posted and the certification they count toward, the points in all, and the sealed close.
 */
async function drawAttendance(facts: AttendanceFacts, doc0: IssuedDocument, locale: Locale, verifyUrl: string) {
  const t = getT(locale);
  const society = pickText(facts.society, locale);
  const holder = holderName(facts.holder, locale);
  const title = t('documents:attendance.title');
  const doc = newDocument(
    'portrait',
    { society, title, number: doc0.number, holder, memberNo: facts.memberNo },
    locale,
  );
  const { left, width } = textColumn(doc);
  const bottom = doc.page.height - doc.page.margins.bottom;
  const day = (d: string) => formatDay(d, locale);
  const event = pickText(facts.event, locale);

  const ruleY = drawHeading(doc, 'record', society, title, locale);
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(INK)
    .text(t('documents:attendance.certifies', { holder, event }), left, ruleY + 14, { width });
  let y = drawRows(
    doc,
    [
      [t('documents:attendance.number'), doc0.number],
      [t('documents:attendance.holder'), holder],
      ...(facts.memberNo ? [[t('documents:attendance.memberNo'), facts.memberNo] as [string, string]] : []),
      [t('documents:attendance.event'), event],
      [
        t('documents:attendance.dates'),
        facts.firstDay === facts.lastDay ? day(facts.firstDay) : `${day(facts.firstDay)} – ${day(facts.lastDay)}`,
      ],
      ...(facts.place ? [[t('documents:attendance.place'), pickText(facts.place, locale)] as [string, string]] : []),
      [t('documents:attendance.issuedAt'), formatDate(doc0.issuedAt, locale)],
    ],
    left,
    doc.y + 10,
    120,
    width,
  );

  y += 6;
  doc.font('bold').fontSize(11.5).fillColor(INK).text(t('documents:attendance.sessions'), left, y, { width });
  y = doc.y + 4;
  const closing = 24 + CLOSINGS.attendance.sealSize + 30 + 16 * (facts.totals.length + 1);
  y = drawTable(
    doc,
    [
      { label: t('documents:attendance.when'), width: 110 },
      { label: t('documents:attendance.session'), width: width - 110 - 150 - 50 },
      { label: t('documents:attendance.certification'), width: 150 },
      { label: t('credits:ledger.points'), width: 50, right: true },
    ],
    facts.sessions.map((s) => [
      `${day(s.day)}\n${clock(s.startMinute)}–${clock(s.endMinute)}`,
      pickText(s.title, locale),
      s.certification
        ? `${pickText(s.certification, locale)}${s.creditClass ? ` · ${t(`credits:classes.${s.creditClass}`)}` : ''}`
        : t('documents:attendance.noCredits'),
      s.certification ? points(s.points) : '—',
    ]),
    y,
    closing,
    '',
  );
  y += 6;
  for (const total of facts.totals) {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(
        t('documents:attendance.total', {
          certification: pickText(total.certification, locale),
          points: points(total.points),
        }),
        left,
        y,
        { width, align: 'right' },
      );
    y = doc.y + 2;
  }
  if (y + closing > bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 24;
  drawSealedClose(doc, 'attendance', facts.society, doc0, verifyUrl, locale, y);
  return finish(doc);
}

/**
 * A paper's authorisation as its author signed it: the paper, its call and authors, the paragraphs
 * exactly as read (in the language signed in, whatever the reader's), the signature and the
 * verification block. No seal: the signature is the author's, not the society's.
 */
async function drawPaperAuthorisation(
  facts: PaperAuthorisationFacts,
  doc0: IssuedDocument,
  locale: Locale,
  verifyUrl: string,
) {
  const t = getT(locale);
  const society = pickText(facts.society, locale);
  const signer = holderName(facts.signer, locale);
  const title = t('documents:paperAuthorisation.title');
  const doc = newDocument(
    'portrait',
    { society, title, number: doc0.number, holder: signer, memberNo: facts.paperNumber },
    locale,
  );
  const { left, width } = textColumn(doc);
  const bottom = doc.page.height - doc.page.margins.bottom;

  const ruleY = drawHeading(doc, 'record', society, title, locale);

  // The title in the reader's language first, the other below it where the paper has both.
  const first = localName(facts.title, locale);
  const other = (locale === 'en-us' ? facts.title.zh : facts.title.en).trim();
  const titles = other && other !== first ? `${first}\n${other}` : first;
  const authors = facts.authors.map((a) => holderName(a, locale)).join(locale === 'en-us' ? ', ' : '、');
  let y = drawRows(
    doc,
    [
      [t('documents:paperAuthorisation.paperNumber'), facts.paperNumber],
      [t('documents:paperAuthorisation.paperTitle'), titles],
      [t('documents:paperAuthorisation.call'), pickText(facts.call, locale)],
      [t('documents:paperAuthorisation.authors'), authors],
      [t('documents:paperAuthorisation.number'), doc0.number],
    ],
    left,
    ruleY + 12,
    120,
    width,
  );

  // The text as signed: its paragraphs numbered, in the language the author read them in.
  const fits = (h: number) => y + h <= bottom;
  if (!fits(60)) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 6;
  doc.font('bold').fontSize(11.5).fillColor(INK).text(t('documents:paperAuthorisation.text'), left, y, { width });
  y = doc.y + 2;
  if (facts.locale !== locale) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(t(`documents:paperAuthorisation.signedIn.${facts.locale}`), left, y, { width });
    y = doc.y + 2;
  }
  const indent = 18;
  const textWidth = width - indent;
  // Latin text takes the font's proportional punctuation (pwid): its quotes and apostrophes are
  // otherwise as wide as a Chinese character.
  const textOptions = {
    width: textWidth,
    lineGap: 2.5,
    align: 'justify',
    ...(facts.locale === 'en-us' ? { features: ['pwid'] as PDFKit.Mixins.OpenTypeFeatures[] } : {}),
  } as const;
  // Intl puts a thin space (U+2009) between date and time, which Noto Sans TC has no glyph for.
  const signedAt = formatDateTime(facts.signedAt, locale).replace(/[\u2000-\u200a\u202f]/g, ' ');
  // The name typed, and the account's name beside it where they differ.
  const typed = facts.signedName.trim().replace(/\s+/g, ' ');
  const signature =
    typed === signer.trim().replace(/\s+/g, ' ')
      ? t('documents:paperAuthorisation.signedByName', { signedName: typed, at: signedAt })
      : t('documents:paperAuthorisation.signedBy', { signedName: typed, signer, at: signedAt });
  const version = t('documents:paperAuthorisation.version', { version: facts.textVersion });
  // The signature and the verification block close the document: the last paragraph goes over to a
  // new page with them rather than leave them alone on one.
  doc.font('bold').fontSize(10.5);
  const closing = 14 + doc.heightOfString(signature, { width }) + 20 + 14 + 96;
  doc.font('regular').fontSize(10);
  facts.text.forEach((paragraph, index) => {
    const h = doc.heightOfString(paragraph, textOptions);
    const last = index === facts.text.length - 1;
    if ((last && !fits(6 + h + closing)) || !fits(6 + 16)) {
      doc.addPage();
      y = doc.page.margins.top;
    } else y += 6;
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK)
      .text(`${index + 1}.`, left, y, { width: indent, lineBreak: false });
    doc.text(paragraph, left + indent, y, textOptions);
    y = doc.y;
  });
  if (facts.text.length === 0 && !fits(closing)) {
    doc.addPage();
    y = doc.page.margins.top;
  }

  y += 14;
  drawRule(doc, left, y, width, 0.6, RULE);
  y += 8;
  doc.font('bold').fontSize(10.5).fillColor(INK).text(signature, left, y, { width });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(version, left, doc.y + 2, { width });
  y = doc.y + 14;
  drawVerification(doc, verifyUrl, doc0.verifyCode, locale, left, y);
  return finish(doc);
}

/**
 * Draws an issued document's PDF from its stored facts, in the reader's language, with the QR code
 * and short code of its verification page.
 */
export function drawDocument(document: IssuedDocument, locale: Locale, verifyUrl: string): Promise<Buffer> {
  if (document.kind === 'receipt')
    return drawReceipt(document.facts as unknown as ReceiptFacts, document, locale, verifyUrl);
  if (document.kind === 'certificate')
    return drawCertificate(document.facts as unknown as CertificateFacts, document, locale, verifyUrl);
  if (document.kind === 'attendance')
    return drawAttendance(document.facts as unknown as AttendanceFacts, document, locale, verifyUrl);
  if (document.kind === 'paperAuthorisation')
    return drawPaperAuthorisation(document.facts as unknown as PaperAuthorisationFacts, document, locale, verifyUrl);
  return drawTranscript(document.facts as unknown as TranscriptFacts, document, locale, verifyUrl);
}

/** What a ticket's PDF shows (decision record 041): as its page does, in the holder's language. */
export interface TicketFacts {
  number: string;
  event: string;
  startsAt: Date;
  endsAt: Date;
  place: string | null;
  ticketType: string;
  holder: string;
  /** The ticket's address, which its QR holds. */
  url: string;
}

/** A confirmed registration's admission ticket: the event, its time and place, the holder, and the QR of the ticket's address. */
export function drawTicket(ticket: TicketFacts, society: string, locale: Locale): Promise<Buffer> {
  const t = getT(locale);
  const title = t('events:ticket.title');
  const doc = newDocument('portrait', { society, title, number: ticket.number, holder: ticket.holder }, locale);
  const { left, width } = textColumn(doc);
  const ruleY = drawHeading(doc, 'receipt', society, title, locale);
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(ticket.event, left, ruleY + 20, { width, align: 'center' });
  // Intl's thin spaces are not in the embedded font.
  const range = formatEventRange(ticket.startsAt, ticket.endsAt, locale).replace(/[\u2000-\u200a\u202f]/g, ' ');
  const when = `${range} ${t('events:ticket.timeZone')}`;
  const rows: [string, string][] = [
    [t('events:ticket.when'), when],
    ...(ticket.place ? [[t('events:ticket.place'), ticket.place] as [string, string]] : []),
    [t('events:ticket.ticketType'), ticket.ticketType],
    [t('events:ticket.holder'), ticket.holder],
    [t('events:ticket.number'), ticket.number],
  ];
  const below = drawRows(doc, rows, left + 40, doc.y + 18, 130, width - 80);
  const qr = 200;
  drawQr(doc, ticket.url, left + (width - qr) / 2, below + 16, qr);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t('events:ticket.scan'), left, below + qr + 24, { width, align: 'center' });
  doc.fontSize(8).text(ticket.url, { width, align: 'center', link: ticket.url });
  doc.fillColor(INK);
  return finish(doc);
}

/** One name badge: the holder's name, ticket type and registration number, and the QR of the ticket's address. */
export interface BadgeFacts {
  holder: string;
  ticketType: string;
  number: string;
  url: string;
}

/** Badges on an A4 sheet: two across, four down (each about 92 × 66 mm, for the usual badge holders). */
const BADGE_COLUMNS = 2;
const BADGE_ROWS = 4;

/**
 * An event's name badges on A4 sheets, eight to a sheet with light cut lines: the event on top, the
 * holder's name large, the ticket type and number, and the QR of the ticket's address (what the
 * doors scan), in the reader's language.
 */
export function drawBadges(
  badges: readonly BadgeFacts[],
  event: string,
  society: string,
  locale: Locale,
): Promise<Buffer> {
  const title = getT(locale)('eventDesk:badges.title');
  const doc = newDocument('portrait', { society, title, number: '', holder: event }, locale);
  const x0 = 36;
  const y0 = 56;
  const w = (doc.page.width - 2 * x0) / BADGE_COLUMNS;
  const h = (doc.page.height - y0 - 44) / BADGE_ROWS;
  const pad = 14;
  const qr = 72;
  badges.forEach((badge, i) => {
    const slot = i % (BADGE_COLUMNS * BADGE_ROWS);
    if (i > 0 && slot === 0) doc.addPage();
    const x = x0 + (slot % BADGE_COLUMNS) * w;
    const y = y0 + Math.floor(slot / BADGE_COLUMNS) * h;
    doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor(RULE).rect(x, y, w, h).stroke().undash().restore();
    const full = w - 2 * pad;
    const beside = full - qr - 8;
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(event, x + pad, y + pad, { width: full, height: 22, ellipsis: true });
    // The name as large as fits on one line, down to a size that takes two.
    doc.font('bold');
    const size = [24, 20, 17].find((s) => doc.fontSize(s).widthOfString(badge.holder) <= full) ?? 17;
    doc
      .fontSize(size)
      .fillColor(INK)
      .text(badge.holder, x + pad, y + pad + 26, { width: full, height: 2.5 * size, ellipsis: true });
    doc
      .font('regular')
      .fontSize(12)
      .text(badge.ticketType, x + pad, y + h - pad - 40, {
        width: beside,
        height: 16,
        ellipsis: true,
        lineBreak: false,
      });
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(badge.number, x + pad, y + h - pad - 18, { width: beside, lineBreak: false });
    doc.fillColor(INK);
    drawQr(doc, badge.url, x + w - pad - qr, y + h - pad - qr, qr);
  });
  if (badges.length === 0)
    doc
      .font('regular')
      .fontSize(12)
      .text(getT(locale)('eventDesk:badges.none'), x0, y0, { width: doc.page.width - 2 * x0 });
  return finish(doc);
}
