/**
 * What to say of a file the imports and exports cannot read or write (`TableFileError`), in both
 * languages: one text for the `npm run import` and `export` commands and the console's import
 * desk. Where the advice names a way to read the file again, the command names its option
 * (`--encoding big5`) and the desk its field (the text encoding).
 */
import { MAX_IMPORT_WORKBOOK_BYTES, type TableFileError } from './table-file';

export type TableFileReader = 'command' | 'console';

export function tableFileProblem(error: TableFileError, reader: TableFileReader): { zh: string; en: string } {
  const cap = `${MAX_IMPORT_WORKBOOK_BYTES / 1024 / 1024} MiB`;
  const command = reader === 'command';
  const texts: Record<TableFileError['reason'], [string, string]> = {
    format: ['檔案須為 .csv 或 .xlsx', 'The file must be .csv or .xlsx'],
    missing: ['找不到檔案', 'No such file'],
    encoding:
      error.detail === 'big5'
        ? command
          ? [
              '檔案不是有效的 Big5 編碼：若為 UTF-8 檔案請去掉 --encoding big5，否則請另存為「CSV UTF-8」',
              'The file is not valid Big5: if it is UTF-8, leave out --encoding big5; otherwise save it as “CSV UTF-8”',
            ]
          : [
              '檔案不是有效的 Big5 編碼：若為 UTF-8 檔案請將文字編碼選為 UTF-8，否則請另存為「CSV UTF-8」',
              'The file is not valid Big5: if it is UTF-8, choose UTF-8 as its text encoding; otherwise save it as “CSV UTF-8”',
            ]
        : command
          ? [
              '檔案不是 UTF-8 編碼：請另存為「CSV UTF-8」，或以 --encoding big5 讀取 Big5 檔案',
              'The file is not UTF-8: save it as “CSV UTF-8”, or read a Big5 file with --encoding big5',
            ]
          : [
              '檔案不是 UTF-8 編碼：請另存為「CSV UTF-8」，或將 Big5 檔案的文字編碼選為 Big5',
              'The file is not UTF-8: save it as “CSV UTF-8”, or choose Big5 as the text encoding of a Big5 file',
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
  return { zh, en };
}
