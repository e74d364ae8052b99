/**
 * Tables marked `stack-table` (src/styles/global.css) are shown as cards on a narrow screen, and
 * some browsers then stop telling screen readers they are tables. This gives each part its table
 * role explicitly, so a screen reader still reads rows, cells and column headers at any width.
 */

const ROLES: [selector: string, role: string][] = [
  ['table.stack-table', 'table'],
  ['table.stack-table > :is(thead, tbody, tfoot)', 'rowgroup'],
  ['table.stack-table > :is(thead, tbody, tfoot) > tr', 'row'],
  ['table.stack-table > thead > tr > th', 'columnheader'],
  ['table.stack-table > tbody > tr > th', 'rowheader'],
  ['table.stack-table > tbody > tr > td', 'cell'],
];

export function restoreTableRoles(root: ParentNode): void {
  for (const [selector, role] of ROLES) {
    root.querySelectorAll(selector).forEach((el) => {
      if (!el.hasAttribute('role')) el.setAttribute('role', role);
    });
  }
}
