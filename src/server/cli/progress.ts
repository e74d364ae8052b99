/** What the import and export commands share: the progress line and the file errors' texts. */
import type { TableFileError } from '../services/imports/table-file';
import { tableFileProblem } from '../services/imports/table-file-problem';

/**
 * A progress line on the terminal, written over itself (stderr, only when it is a terminal: logs and
 * tests get the report alone).
 */
export function progressLine(what: string) {
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return {
    update(lines: number) {
      if (!tty) return;
      process.stderr.write(`\r\x1b[K${what}: ${lines.toLocaleString('en-US')} …`);
      shown = true;
    },
    /** Clears the line before other output. */
    clear() {
      if (tty && shown) process.stderr.write('\r\x1b[K');
      shown = false;
    },
    done() {
      if (tty && shown) process.stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}

/** A file that cannot be read or written, in both languages, with what the error names (the file, the encoding). */
export function tableFileErrorText(error: TableFileError): string {
  const { zh, en } = tableFileProblem(error, 'command');
  return `${zh}：${error.detail}\n${en}: ${error.detail}`;
}
