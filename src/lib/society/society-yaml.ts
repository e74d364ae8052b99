import { Document, isScalar, parseDocument, visit } from 'yaml';
import type { SocietyProblem } from './problems';
import type { SocietyFile } from './society-file';

/**
 * A society file's text read into a value: JSON when the name ends in `.json`, else YAML. A file
 * that cannot be read as either is one problem, with the line where reading stopped.
 */
export function readSocietyText(text: string, fileName: string): { value: unknown } | { problem: SocietyProblem } {
  if (fileName.toLowerCase().endsWith('.json')) {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch (error) {
      const detail = (error as Error).message;
      return { problem: { path: '', zh: `不是有效的 JSON：${detail}`, en: `not valid JSON: ${detail}` } };
    }
  }
  const doc = parseDocument(text, { uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const line = error.linePos?.[0].line;
    const where = line ? { zh: `第 ${line} 行：`, en: `line ${line}: ` } : { zh: '', en: '' };
    return {
      problem: {
        path: '',
        zh: `${where.zh}不是有效的 YAML（${error.code}）`,
        en: `${where.en}not valid YAML (${error.code})`,
      },
    };
  }
  return { value: doc.toJS() as unknown };
}

const HEADER = [
  ' The society, as `npm run society -- check | apply | export` read and write it (README: Going live).',
  ' Texts a reader sees are written in both languages (zh-tw, en-us); classes, topics and',
  ' certifications are matched by code. `npm run society -- check FILE` lists every problem.',
].join('\n');

/** A society as a YAML file: the schema's order, lists of plain values on one line, texts unfolded. */
export function societyYaml(society: SocietyFile | Record<string, unknown>): string {
  const doc = new Document(society);
  doc.commentBefore = HEADER;
  visit(doc, {
    Seq(_key, node) {
      if (node.items.length > 0 && node.items.every((item) => isScalar(item))) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false, singleQuote: true });
}
