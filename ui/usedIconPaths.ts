import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:used-icon-paths';
const RESOLVED = `\0${MODULE_ID}`;
const ICONS = path.join('node_modules', '@blueprintjs', 'icons');

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(file, out);
    else if (/\.(tsx?|m?js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(file);
  }
  return out;
}

/**
 * Blueprint loads an icon's SVG paths on first use, by default from two chunks holding all ~700 icons
 * of each size (≈ 190 KB compressed, on every first visit). This module holds only the icons named as
 * string literals in our code (ui/src, domain) and in Blueprint's own components: about a hundred. The
 * loader in ui/src/lib/iconPaths.ts falls back to Blueprint's chunks for any name built at run time.
 */
export function usedIconPaths(root: string): Plugin {
  const known = new Set<string>(JSON.parse(readFileSync(path.join(root, ICONS, 'icons.json'), 'utf8')).map((i: { iconName: string }) => i.iconName));
  const dirs = ['ui/src', 'domain', 'node_modules/@blueprintjs/core/lib/esm', 'node_modules/@blueprintjs/select/lib/esm'].map((d) => path.join(root, d));
  return {
    name: 'ipci-used-icon-paths',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const used = new Set<string>();
      for (const file of dirs.flatMap((d) => sources(d))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/['"`]([a-z0-9-]+)['"`]/g)) if (known.has(m[1])) used.add(m[1]);
      }
      const names = [...used].sort();
      const imports = names.flatMap((n, i) => [16, 20].map((size) => `import p${size}_${i} from '@blueprintjs/icons/lib/esm/generated/${size}px/paths/${n}.js';`));
      const table = (size: number) => `{ ${names.map((n, i) => `${JSON.stringify(n)}: p${size}_${i}`).join(', ')} }`;
      return `${imports.join('\n')}\nexport const PATHS_16 = ${table(16)};\nexport const PATHS_20 = ${table(20)};\n`;
    },
  };
}
