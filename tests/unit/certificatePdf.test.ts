import { certificatePdf, type CertificateData } from '../../activities/lib/certificatePdf';
import { makeIpciCode } from '../../domain/ipci';
import { decodeQr, pdfText, pdfWords, renderFirstPage } from '../support/certificates';

/** The certificate drawing alone (no services): the limits of its data still give one readable page. */

const code = makeIpciCode(2026, 9_999_999, 'existingIpci');
const longest: CertificateData = {
  code,
  identifier: '3f2b6c1e-8a4d-4b7e-9c1a-2d3e4f5a6b7c',
  // The registration schema's maximum lengths (200 characters each).
  holder: 'Internationale Kulturmediengesellschaft für geistiges Eigentum und Lizenzierung '.repeat(3).slice(0, 200),
  names: {
    zh: '山海经异兽录之青花瓷韵与敦煌飞天的奇妙旅程'.repeat(10).slice(0, 200),
    en: 'The Wondrous Journey of the Flying Apsaras and Strange Beasts '.repeat(4).slice(0, 200),
    ja: 'パンダ阿宝のふしぎな旅と山海経・異獣録の物語'.repeat(10).slice(0, 200),
  },
  category: 'heritage',
  term: { type: 'D' },
  issuedOn: '2026-11-21',
  validUntil: null,
  verifyUrl: `https://ipci.example.com/ipci/right/certificate/${code}`,
  publicKeyUrl: 'https://ipci.example.com/.well-known/ipci-signing-key.pem',
  keyId: '0123456789abcdef',
};

test('the longest values still make one page whose statement, footer and QR code are intact', async () => {
  const pdf = await certificatePdf(longest);
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
  expect(text).toContain('IPCI-2026-2-9999999-6');
  expect(text).toContain('Internationale Kulturmediengesellschaft');
  expect(text).toContain('after a formal examination of the materials'); // the issuing statement
  expect(text).toContain('openssl pkeyutl -verify');
  expect(text).toContain('収蔵品を保有する期間'); // the rights term D in Japanese
  expect(await decodeQr(await renderFirstPage(pdf))).toBe(longest.verifyUrl);
  // Long values shrink or are cut: the left column (ending with the category) stays above the statement.
  const words = await pdfWords(pdf);
  const category = words.find((w) => w.text === 'heritage')!;
  const statement = words.find((w) => w.text === 'Issued')!;
  expect(category.yMax).toBeLessThan(statement.yMin - 8);
}, 30_000);

test('a long name that fits two lines (or a smaller size) is printed whole, not cut', async () => {
  const names = {
    zh: '熊猫阿宝的奇妙旅程：从成都出发穿越秦岭抵达敦煌的长篇动画系列第一季',
    en: "Abao the Panda's Wondrous Journey: From Chengdu across the Qinling Mountains to Dunhuang, Season One",
    ja: 'パンダ阿宝のふしぎな旅：成都から秦嶺山脈を越えて敦煌へ向かう長編アニメシリーズ第一期',
  };
  const pdf = await certificatePdf({ ...longest, holder: '景德镇文化传媒有限公司', names });
  const text = (await pdfText(pdf)).replace(/\s+/g, '');
  for (const name of Object.values(names)) expect(text).toContain(name.replace(/\s+/g, ''));
  expect(text).not.toContain('…');
}, 30_000);
