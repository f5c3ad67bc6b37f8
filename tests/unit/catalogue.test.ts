import { catalogueQuerySchema, codePrefix, searchQuery, searchTokens } from '../../domain/catalogue';
import { formatIpciCode, makeIpciCode } from '../../domain/ipci';
import { decodeKeyset, encodeKeyset } from '../../domain/validation/keyset';
import { checkInput } from '../../domain/validation/rules';

/**
 * A query matches a listing when every lexeme of its tsquery is among the listing's tokens (prefix
 * lexemes: some token starts with it) — what Postgres does with `search_vector @@ query`.
 */
function matches(tokens: string[], tsquery: string | null): boolean {
  if (!tsquery) return false;
  return tsquery.split(' & ').every((term) => {
    const m = /^'(.+)'(:\*)?$/.exec(term)!;
    return m[2] ? tokens.some((t) => t.startsWith(m[1])) : tokens.includes(m[1]);
  });
}

const CODE = makeIpciCode(2026, 123);
const listing = searchTokens({
  names: { zh: '青花瓷之韵传奇', en: 'Blue and White Porcelain', ja: 'あおいそら物語' },
  holder: '北京星河文化传媒有限公司',
});
const found = (q: string) => matches(listing, searchQuery(q));

describe('catalogue search tokens', () => {
  test('CJK runs are indexed as unigrams and bigrams; words lowercased', () => {
    expect(listing).toEqual(expect.arrayContaining(['青', '青花', '花瓷', '之韵', '传奇', 'blue', 'porcelain', 'あお', 'そら', '物語']));
    expect(new Set(listing).size).toBe(listing.length);
    expect(listing.every((t) => t.length > 0)).toBe(true);
  });

  test('a Chinese name is found by a word from its middle, not only by its start', () => {
    expect(found('瓷之韵')).toBe(true);
    expect(found('之韵')).toBe(true);
    expect(found('青花')).toBe(true);
    expect(found('韵')).toBe(true);
    expect(found('花青')).toBe(false);
    expect(found('青瓷')).toBe(false);
  });

  test('Japanese kana and kanji alike, from the middle', () => {
    expect(found('いそら')).toBe(true);
    expect(found('物語')).toBe(true);
    expect(found('そら物')).toBe(true);
    expect(found('そらお')).toBe(false);
  });

  test('Latin words: case-insensitive, the last one a prefix, the others whole', () => {
    expect(found('porcel')).toBe(true);
    expect(found('BLUE and whi')).toBe(true);
    expect(found('ＢＬＵＥ')).toBe(true); // full-width, as a CJK input method types it
    expect(found('blu white')).toBe(false);
    expect(found('red')).toBe(false);
  });

  test('the holder (company) is searchable by a word of it', () => {
    expect(found('星河文化')).toBe(true);
    expect(found('传媒')).toBe(true);
  });

  test('the IPCI code with or without dashes, spaces, prefix, or only its start, is asked for as a code', () => {
    expect(codePrefix(CODE)).toBe(CODE);
    expect(codePrefix(formatIpciCode(CODE))).toBe(CODE);
    expect(codePrefix(formatIpciCode(CODE).toLowerCase().replace(/-/g, ' '))).toBe(CODE);
    expect(codePrefix(CODE.slice(4))).toBe(CODE);
    expect(codePrefix('IPCI-2026-1')).toBe('IPCI20261');
    expect(codePrefix('ipci')).toBe('IPCI');
    expect(codePrefix('2026')).toBe('IPCI2026');
    for (const words of ['青花', 'porcelain', '202', 'IPCI-2026-1-0000123-77', 'IPCI2026X', 'IPCI 2026 blue']) expect(codePrefix(words)).toBeNull();
  });

  test('mixed scripts; a query without letters or digits asks for nothing', () => {
    expect(found('青花 porcelain')).toBe(true);
    expect(searchQuery('!!! ——')).toBeNull();
    expect(searchQuery('')).toBeNull();
    expect(searchQuery('山')).toBe("'山'");
    expect(searchQuery('山海图')).toBe("'山海' & '海图'");
    expect(searchQuery('Mountains and Sea')).toBe("'mountains' & 'and' & 'sea':*");
  });

  test('a tsquery never carries a quote or backslash from the input', () => {
    for (const q of ["it's", "a\\b'c", "'; drop table x; --", '青\'花']) {
      const tsq = searchQuery(q)!;
      for (const term of tsq.split(' & ')) expect(term).toMatch(/^'[^'\\]+'(:\*)?$/);
    }
  });
});

describe('catalogue query', () => {
  const check = (q: Record<string, unknown>) => checkInput(catalogueQuerySchema, q);

  test('defaults and filters', async () => {
    await expect(check({})).resolves.toMatchObject({ q: '', sort: 'newest', limit: 20 });
    await expect(check({ sort: '', exclusive: '' })).resolves.toMatchObject({ sort: 'newest', exclusive: '' });
    await expect(check({ exclusive: 'Y', sublicensing: 'S', termType: 'D', tradeStatus: 'licensed', country: 'JP', category: 'animation', limit: '5' })).resolves.toMatchObject({ limit: 5 });
  });

  test.each([{ exclusive: 'X' }, { sublicensing: 'yes' }, { termType: 'P' }, { tradeStatus: 'sold' }, { country: 'XX' }, { category: '<script>' }, { sort: 'cheapest' }, { limit: '0' }, { limit: '51' }, { limit: 'ten' }, { q: 'x'.repeat(101) }, { q: ['a', 'b'] }, { after: 'not-a-cursor' }])(
    'refuses %j',
    async (q) => {
      await expect(check(q)).rejects.toThrow();
    },
  );

  test('each sort takes only its own cursor', async () => {
    const id = '0b0f4f5e-9a55-4b8e-9f4e-0a4b3c2d1e0f';
    const newest = encodeKeyset(['2026-01-02T03:04:05.123456Z', id]);
    const popular = encodeKeyset([12, id]);
    const rated = encodeKeyset(['4.333', id]);
    await expect(check({ after: newest })).resolves.toBeTruthy();
    await expect(check({ sort: 'popular', after: popular })).resolves.toBeTruthy();
    await expect(check({ sort: 'rated', after: rated })).resolves.toBeTruthy();
    await expect(check({ sort: 'popular', after: newest })).rejects.toThrow();
    await expect(check({ sort: 'rated', after: popular })).rejects.toThrow();
    await expect(check({ after: rated })).rejects.toThrow();
    expect(decodeKeyset(encodeKeyset(['5.001', id]), ['rating', 'uuid'])).toBeNull();
    expect(decodeKeyset(encodeKeyset(['0', id]), ['rating', 'uuid'])).not.toBeNull();
  });
});
