/**
 * A minimal valid one-page PDF (A4, Helvetica) with a few lines of ASCII text, for the demo
 * papers. The cross-reference table carries the exact byte offset of every object, so readers
 * open it without repairing it.
 */
export function minimalPdf(lines: string[], title = lines[0] ?? ''): Uint8Array {
  const ascii = (text: string) =>
    text
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/[–—]/g, '-')
      .replace(/[^\x20-\x7e]/g, '?');
  const escape = (text: string) => ascii(text).replace(/[\\()]/g, (c) => `\\${c}`);
  const wrapped = lines.flatMap((line, i) => wrap(ascii(line), i === 0 ? 55 : 80));
  const text = wrapped
    .map((line, i) =>
      i === 0 ? `/F1 16 Tf (${escape(line)}) Tj` : `0 -${i === 1 ? 28 : 16} Td /F1 11 Tf (${escape(line)}) Tj`,
    )
    .join('\n');
  const stream = `BT\n72 770 Td\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${escape(title)}) /Producer (Society portal demo) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is ASCII, so string length and byte length agree.
  return new TextEncoder().encode(body);
}

function wrap(line: string, width: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + word.length + 1 > width) {
      out.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  out.push(current);
  return out;
}
