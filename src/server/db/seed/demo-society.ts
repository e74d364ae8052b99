import { parse } from 'yaml';
import { checkSociety } from '../../../lib/society/problems';
import type { SocietyFile } from '../../../lib/society/society-file';
import type { SocietyAssets } from '../../services/society/society';
import societyYaml from '../../../../society/demo/society.yaml?raw';
import logoSvg from '../../../../society/demo/logo.svg?raw';
import faviconSvg from '../../../../society/demo/favicon.svg?raw';

/**
 * The demo society as its society file describes it (`society/demo/society.yaml`, bundled with
 * its pictures), checked like any other: the demo is built the way a society goes live.
 */
export function demoSociety(): { society: SocietyFile; assets: SocietyAssets } {
  const checked = checkSociety(parse(societyYaml));
  if (!checked.ok)
    throw new Error(`society/demo/society.yaml: ${checked.problems.map((p) => `${p.path}: ${p.en}`).join('; ')}`);
  const svg = (name: string, text: string) => ({
    name,
    contentType: 'image/svg+xml',
    bytes: new TextEncoder().encode(text),
  });
  return {
    society: checked.society,
    assets: { logo: svg('logo.svg', logoSvg), favicon: svg('favicon.svg', faviconSvg) },
  };
}
