import QRCode from 'qrcode';

/** Modules of light margin around the symbol, as the QR standard asks, so a reader finds its edges. */
export const QR_QUIET_MODULES = 4;
/** Pixels per module: a 45-module symbol (a ticket's address) is 180 px wide, a phone's camera reads it. */
export const QR_CELL_PX = 4;

const DARK = '#000000';
const LIGHT = '#ffffff';

/** The dark (true) and light modules of a text's QR code, error correction M, with the quiet zone around. */
export function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QR_QUIET_MODULES;
  return Array.from({ length: side }, (_, y) =>
    Array.from({ length: side }, (_, x) => {
      const row = y - QR_QUIET_MODULES;
      const col = x - QR_QUIET_MODULES;
      const inside = row >= 0 && col >= 0 && row < modules.size && col < modules.size;
      return inside && modules.data[row * modules.size + col] === 1;
    }),
  );
}

/**
 * A text's QR code as the rows of an HTML table of dark and light cells (`bgcolor`), so every mail
 * client shows it without loading an image (no remote image, nothing a client blocks or a sender
 * tracks). Each row of modules is a table of its own whose runs of one colour are one cell each,
 * which keeps a ticket's code near 40 kB (the mail stays well below the 100 kB past which Gmail
 * clips it). The caller wraps the rows in a table `width` wide that names the code for assistive
 * technology (`layout`'s `qr`).
 */
export function qrTableRows(text: string): { width: number; rows: string } {
  const grid = qrModules(text);
  const width = grid.length * QR_CELL_PX;
  const rows = grid.map((modules) => {
    const cells: string[] = [];
    for (let x = 0; x < modules.length;) {
      const dark = modules[x];
      let run = 0;
      while (x < modules.length && modules[x] === dark) {
        run += 1;
        x += 1;
      }
      cells.push(`<td width="${run * QR_CELL_PX}" height="${QR_CELL_PX}" bgcolor="${dark ? DARK : LIGHT}"></td>`);
    }
    return `<tr><td><table width="${width}" cellpadding="0" cellspacing="0" border="0" style="font-size:0;line-height:0;"><tr>${cells.join('')}</tr></table></td></tr>`;
  });
  return { width, rows: rows.join('\n') };
}

/** The light colour of the code's cells, for the table around them. */
export const QR_LIGHT = LIGHT;
