import { containsKeyword, keywordContent, KeywordMatcher } from '../../matching/keywords';

/** Whole-word look-up of one keyword in one text, the keyword in the segmenter's dictionary as a subscription's are. */
const found = (text: string, keyword: string) => new KeywordMatcher([keyword]).match([text]).length === 1;
const plain = new KeywordMatcher([]);
const matchKeywords = (texts: string[], keywords: string[]) => new KeywordMatcher(keywords).match(texts);
/** What Intl.Segmenter makes of a Chinese text: the words a segmenter-based match would compare. */
const intlWords = (text: string) => [...new Intl.Segmenter('zh', { granularity: 'word' }).segment(text)].map((s) => s.segment);

describe('keyword matching on segmented text', () => {
  test('Chinese words Intl.Segmenter splits wrongly are whole words here, and are found', () => {
    // The reason for jieba: Intl.Segmenter cuts these IP names and product words into pieces.
    expect(intlWords('西游记之大圣归来')).toEqual(expect.arrayContaining(['西', '游记']));
    expect(intlWords('孙悟空手办')).toEqual(expect.arrayContaining(['手', '办']));
    expect(intlWords('小猪佩奇儿童书包')).toEqual(expect.arrayContaining(['佩', '奇']));
    expect(plain.segment('西游记之大圣归来').words).toEqual(['西游记', '之', '大圣', '归来']);
    expect(plain.segment('孙悟空大闹天宫手办').words).toEqual(['孙悟空', '大闹天宫', '手办']);
    expect(found('西游记之大圣归来 正版海报', '西游记')).toBe(true);
    expect(found('小猪佩奇儿童书包', '佩奇')).toBe(true);
    expect(found('孙悟空大闹天宫手办', '手办')).toBe(true);
  });

  test('a keyword that is only a substring across two words is not found', () => {
    // 南京市 / 长江大桥: 市长 (mayor) is not in it; Intl.Segmenter's 工 / 信 / 处女 / 干事 would "find" 处女.
    expect(found('南京市长江大桥纪念品', '市长')).toBe(false);
    expect(found('南京市长江大桥纪念品', '长江大桥')).toBe(true);
    expect(intlWords('工信处女干事每月经过下属科室')).toContain('处女');
    expect(found('工信处女干事每月经过下属科室', '处女')).toBe(false);
    expect(found('西游记之大圣归来', '西')).toBe(false);
    // Nor a keyword across punctuation, which is a break.
    expect(found('孙悟空，大闹天宫', '孙悟空大闹天宫')).toBe(false);
    expect(found('孙悟空大闹天宫', '孙悟空大闹天宫')).toBe(true);
  });

  test('an IP name the dictionary does not know is kept whole once it is a keyword', () => {
    // Unknown runs get cut anyhow: 哈利波 / 特与, 冰墩 / 墩.
    expect(plain.segment('《哈利波特与魔法石》精装').words).toEqual(expect.arrayContaining(['哈利波', '特与']));
    expect(containsKeyword(plain.segment('《哈利波特与魔法石》精装'), '哈利波特')).toBe(false);
    expect(new KeywordMatcher(['哈利波特']).segment('《哈利波特与魔法石》精装').words).toEqual(['哈利波特', '与', '魔法石', '精装']);
    expect(found('《哈利波特与魔法石》精装', '哈利·波特')).toBe(true);
    expect(found('冰墩墩雪容融钥匙扣', '冰墩墩')).toBe(true);
    // The dictionary's own words still win around a keyword: 市长 and 处女 as keywords do not cut 南京市 or 女干事.
    expect(new KeywordMatcher(['市长']).segment('南京市长江大桥').words).toEqual(['南京市', '长江大桥']);
  });

  test('a multi-word keyword matches as a run of words, whatever segmentation the keyword alone gets', () => {
    expect(found('功夫熊猫阿宝毛绒玩具', '熊猫阿宝')).toBe(true);
    expect(found('哈利·波特与魔法石', '哈利波特')).toBe(true);
    expect(found('Harry Potter 哈利波特', 'harry potter')).toBe(true);
    // A dictionary word inside a long word counts, as in a search engine: 玩具 in 毛绒玩具.
    expect(found('功夫熊猫阿宝毛绒玩具', '玩具')).toBe(true);
    expect(found('他在故宫博物院门口', '故宫')).toBe(true);
  });

  test('Latin keywords: case-insensitive, whole words, full width folded', () => {
    expect(found('Kung-Fu PANDA plush toy', 'kung fu panda')).toBe(true);
    expect(found('Kung Fu Panda', 'Panda')).toBe(true);
    expect(found('pandas and koalas', 'panda')).toBe(false);
    expect(found('the Pan family', 'pan')).toBe(true);
    expect(found('Japanese panorama', 'pan')).toBe(false);
    expect(found('ONE PIECE路飞手办，正版授权', 'One Piece')).toBe(true);
    expect(found('正版Ｌｕｆｆｙ手办', 'luffy')).toBe(true);
    expect(found('ＬＵＦＦＹ', 'Luffy')).toBe(true);
  });

  test('Japanese text and keywords (katakana, half width folded)', () => {
    expect(found('ナルトのフィギュア', 'ナルト')).toBe(true);
    expect(found('ﾅﾙﾄのフィギュア', 'ナルト')).toBe(true);
  });

  test('matchKeywords: the keywords found in any text, once each, as the user wrote them', () => {
    expect(matchKeywords(['西游记 手办', '孙悟空 限量版'], ['孙悟空', '猪八戒', '西游记', 'Monkey King'])).toEqual(['孙悟空', '西游记']);
    expect(matchKeywords(['Monkey King figure'], ['monkey king', 'king kong'])).toEqual(['monkey king']);
    expect(matchKeywords(['孙悟空'], [])).toEqual([]);
    expect(matchKeywords(['', '  '], ['孙悟空'])).toEqual([]);
    // The title's end and the description's start are not one run of words.
    expect(matchKeywords(['大闹', '天宫'], ['大闹天宫'])).toEqual([]);
  });

  test('keywords of punctuation alone match nothing', () => {
    expect(keywordContent('——')).toBe('');
    expect(found('孙悟空——大闹天宫', '——')).toBe(false);
    expect(found('孙悟空!!大闹', '!!')).toBe(false);
  });
});
