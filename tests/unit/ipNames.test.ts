import { ipNameIn } from '../../domain/ipNames';

test("an IP's name in the reader's language when the user entered it, the Chinese one otherwise", () => {
  const names = { zh: '青花瓷之韵', en: 'Charm of Blue and White', ja: '  ' };
  expect(ipNameIn(names, 'en-US')).toBe('Charm of Blue and White');
  expect(ipNameIn(names, 'zh-CN')).toBe('青花瓷之韵');
  expect(ipNameIn(names, 'ja-JP')).toBe('青花瓷之韵');
  expect(ipNameIn({ zh: '山海图', en: null, ja: '山海図' }, 'ja-JP')).toBe('山海図');
  expect(ipNameIn({ zh: '山海图' }, 'en-US')).toBe('山海图');
});
