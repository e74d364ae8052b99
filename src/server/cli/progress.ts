/** What the import and export commands share: the progress line and the file errors' texts. */
import { MAX_IMPORT_WORKBOOK_BYTES, type TableFileError } from '../services/imports/table-file';

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

/** A file that cannot be read or written, in both languages. */
export function tableFileErrorText(error: TableFileError): string {
  const cap = `${MAX_IMPORT_WORKBOOK_BYTES / 1024 / 1024} MiB`;
  const texts: Record<TableFileError['reason'], [string, string]> = {
    format: ['檔案須為 .csv 或 .xlsx', 'The file must be .csv or .xlsx'],
    missing: ['找不到檔案', 'No such file'],
    encoding:
      error.detail === 'big5'
        ? [
            '檔案不是有效的 Big5 編碼：若為 UTF-8 檔案請去掉 --encoding big5，否則請另存為「CSV UTF-8」',
            'The file is not valid Big5: if it is UTF-8, leave out --encoding big5; otherwise save it as “CSV UTF-8”',
          ]
        : [
            '檔案不是 UTF-8 編碼：請另存為「CSV UTF-8」，或以 --encoding big5 讀取 Big5 檔案',
            'The file is not UTF-8: save it as “CSV UTF-8”, or read a Big5 file with --encoding big5',
          ],
    workbook: [
      '這個檔案是 Excel 活頁簿，不是 CSV：請另存為 CSV，或將副檔名改為 .xlsx',
      'This file is an Excel workbook, not CSV: save it as CSV, or name it .xlsx',
    ],
    unreadable: ['無法讀取檔案', 'The file cannot be read'],
    tooLarge: [`活頁簿解壓縮後超過 ${cap}`, `The workbook unpacks to more than ${cap}`],
    empty: ['檔案是空的', 'The file is empty'],
    exists: ['檔案已存在，不會覆寫', 'The file exists already: it is not overwritten'],
  };
  const [zh, en] = texts[error.reason];
  return `${zh}：${error.detail}\n${en}: ${error.detail}`;
}
