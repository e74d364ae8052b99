// Member files for the benches: valid national IDs and lines written as the import reads them.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** The columns of a members file, as `npm run import -- members` reads them (and the export writes them). */
export const MEMBERS_HEADER =
  '會員編號,姓名,英文姓名,身分證字號,電子郵件,電話/手機,會員類別,會員狀態,會籍起日,會籍迄日,入會日期';

/** A valid national ID: a letter, 1 or 2, seven digits of `n`, and the check digit. */
export function nationalId(n) {
  const body = `A${n % 2 ? 1 : 2}${String(n % 10_000_000).padStart(7, '0')}`;
  const digits = [1, 0, ...body.slice(1).split('').map(Number)];
  const weights = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i], 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Writes `header` and `count` lines (`line(i)` for i from 1) to `file`, streaming. */
export async function writeLines(file, header, count, line) {
  const out = createWriteStream(file);
  out.write(`${header}\n`);
  for (let i = 1; i <= count; i++) if (!out.write(`${line(i)}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}
