import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../../domain/languages';
import { SHARED_CATALOGS } from '../../domain/locales';
import { identityFields } from '../../domain/identity';
import { identityReview } from '../../domain/processes/identityReview';
import { QUEUES, TASK_STATUSES } from '../../domain/tasks';
import { UI_CATALOGS } from '../../ui/src/catalogs';

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
function leaves(obj: unknown, prefix = ''): Array<[string, unknown]> {
  if (obj === null || typeof obj !== 'object') return [[prefix, obj]];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const catalogs = {
  common: Object.fromEntries(LANGUAGES.map((l) => [l, UI_CATALOGS[l]])),
  errors: Object.fromEntries(LANGUAGES.map((l) => [l, SHARED_CATALOGS[l].errors])),
  messages: Object.fromEntries(LANGUAGES.map((l) => [l, SHARED_CATALOGS[l].messages])),
};

describe('catalogs', () => {
  for (const [ns, byLang] of Object.entries(catalogs)) {
    test(`namespace ${ns} has the same keys in every language`, () => {
      const base = keys(byLang['zh-CN']).sort();
      expect(base.length).toBeGreaterThan(0);
      for (const l of LANGUAGES) expect(keys(byLang[l]).sort()).toEqual(base);
    });

    test(`namespace ${ns}: every string is filled and interpolations match`, () => {
      const vars = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort();
      const zh = Object.fromEntries(leaves(byLang['zh-CN']));
      for (const l of LANGUAGES) {
        for (const [k, v] of leaves(byLang[l])) {
          expect(typeof v).toBe('string');
          expect((v as string).trim()).not.toBe('');
          expect(vars(v as string)).toEqual(vars(zh[k] as string));
        }
      }
    });
  }

  test('Chinese and Japanese UI strings are translations, not English copies', () => {
    const en = Object.fromEntries(leaves(UI_CATALOGS['en-US']));
    for (const l of ['zh-CN', 'ja-JP'] as const) {
      const copies = leaves(UI_CATALOGS[l]).filter(([k, v]) => v === en[k] && /[a-z]{4,}/i.test(String(v).replace(/IPCI|Temporal|IP/g, '')));
      expect(copies).toEqual([]);
    }
  });

  test('labels exist for identity fields, process steps, queues, task statuses and identity states', () => {
    const needed = [
      ...identityFields('personal').map((f) => `fields.${f}`),
      ...identityFields('enterprise').map((f) => `fields.${f}`),
      ...identityReview.steps.map((s) => `steps.identityReview.${s.id}`),
      ...identityReview.transitions.filter((t) => t.on).map((t) => `transitions.${t.on}`),
      ...QUEUES.map((q) => `queues.${q}`),
      ...['active', ...TASK_STATUSES].map((s) => `taskStatus.${s}`),
      ...['none', '1', '2', '3'].map((s) => `identityState.${s}`),
      ...['done', 'current', 'failed', 'waiting', 'pending'].map((s) => `stepState.${s}`),
    ];
    for (const l of LANGUAGES) {
      const have = new Set(keys(UI_CATALOGS[l]));
      expect(needed.filter((k) => !have.has(k))).toEqual([]);
    }
  });

  test('every literal t() key used in ui/src exists in its namespace', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name)) files.push(p);
      }
    };
    walk(path.join(__dirname, '../../ui/src'));
    const missing: string[] = [];
    let found = 0;
    const common = new Set(keys(UI_CATALOGS['en-US']));
    const errors = new Set(keys(SHARED_CATALOGS['en-US'].errors));
    for (const file of files) {
      const src = fs.readFileSync(file, 'utf8');
      for (const m of src.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'(\s*,\s*\{[^}]*ns:\s*'(\w+)')?/g)) {
        const [, key, , ns] = m;
        found++;
        const set = ns === 'errors' ? errors : ns ? null : common;
        // A counted key (t(key, { count })) lives as its plural forms, key_one / key_other.
        if (set && !set.has(key) && !set.has(`${key}_other`)) missing.push(`${path.basename(file)}: ${ns ?? 'common'}:${key}`);
      }
    }
    expect(found).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
