// Import circles among the TypeScript files of a folder (`src`): modules that import one another
// in a ring, so that in the bundle one of them runs before a value it reads at its top level is
// set (an effects table built from imports that are still undefined). Only imports that load a
// module when it runs count: `import type` and `export type … from` are left out, and so is
// `import()` inside functions. The project compiles with `verbatimModuleSyntax`, so every other
// import stays in the bundle: `import { type A } from './a'` too, as `import {} from './a'`, which
// still runs `a` first. Imports are followed when relative or through the `@/` alias; packages are
// not. `node scripts/import-circles.mjs [folder]` prints the circles and exits 1 when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(folder) {
  const found = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules') found.push(...sourceFiles(full));
    } else if (SOURCE.test(name) && !name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

/** The module specifiers of a file's imports and re-exports that load the module at run time. */
export function valueImports(fileName, text) {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      !statement.isTypeOnly &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    )
      specifiers.push(statement.moduleReference.expression.text);
  }
  return specifiers;
}

/** The file of the folder an import names, or null (a package, or a file that is not TypeScript). */
function resolve(specifier, from, folder, known) {
  let base;
  if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = path.join(folder, specifier.slice(2));
  else return null;
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (known.has(candidate)) return candidate;
  return null;
}

/**
 * The import circles among the TypeScript files under `folder`, each as the files of one ring
 * (relative to `folder`, the first repeated at the end), one ring per group of files that reach
 * one another; none: [].
 */
export function importCircles(folder) {
  const root = path.resolve(folder);
  const files = sourceFiles(root);
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      [
        ...new Set(
          valueImports(file, readFileSync(file, 'utf8'))
            .map((s) => resolve(s, file, root, known))
            .filter(Boolean),
        ),
      ].sort(),
    ]),
  );

  // Tarjan's strongly connected components, without recursion (a deep chain of imports).
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  for (const start of files.sort()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = edges.get(node);
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1 || edges.get(node).includes(node)) groups.push(group);
      }
    }
  }

  // One ring through each group: the shortest way from its first file back to itself.
  return groups
    .map((group) => {
      const inGroup = new Set(group);
      const first = [...group].sort()[0];
      const previous = new Map();
      const queue = [first];
      let ring = null;
      while (queue.length > 0 && !ring) {
        const node = queue.shift();
        for (const target of edges.get(node)) {
          if (!inGroup.has(target)) continue;
          if (target === first) {
            ring = [first];
            for (let at = node; at !== first; at = previous.get(at)) ring.splice(1, 0, at);
            ring.push(first);
            break;
          }
          if (!previous.has(target)) {
            previous.set(target, node);
            queue.push(target);
          }
        }
      }
      return ring.map((file) => path.relative(root, file).split(path.sep).join('/'));
    })
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** A circle as a line to read: `a.ts → b.ts → a.ts`. */
export const circleText = (ring) => ring.join(' → ');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const circles = importCircles(process.argv[2] ?? 'src');
  for (const ring of circles) console.log(circleText(ring));
  if (circles.length > 0) {
    console.log(`${circles.length} import circle(s)`);
    process.exitCode = 1;
  } else console.log('no import circles');
}
