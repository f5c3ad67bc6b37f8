import { MAINLAND_PROVINCES, paperAddressSchema } from '../../domain/paperCertificate';

const address = (over: Record<string, unknown> = {}) => ({ recipient: '张三', phone: '13800138000', country: 'CN', province: '44', city: '广州市', district: '天河区', addressLine: '天河路 1 号', postalCode: '510000', ...over });
const errorsOf = (value: unknown) => {
  try {
    paperAddressSchema.validateSync(value, { abortEarly: false });
    return {};
  } catch (e) {
    const err = e as { inner: Array<{ path?: string; message: string }>; path?: string; message: string };
    return Object.fromEntries((err.inner.length ? err.inner : [err]).map((i) => [i.path ?? '', i.message]));
  }
};

test('the 31 mainland provincial divisions, each accepted', () => {
  expect(MAINLAND_PROVINCES).toHaveLength(31);
  for (const province of MAINLAND_PROVINCES) expect(errorsOf(address({ province }))).toEqual({});
});

test('Hong Kong, Macao, Taiwan and other countries get the mainland-only message; unknown codes another', () => {
  for (const province of ['81', '82', '71']) expect(errorsOf(address({ province }))).toEqual({ province: 'paper.mainlandOnly' });
  for (const country of ['HK', 'MO', 'TW', 'JP']) expect(errorsOf(address({ country }))).toEqual({ country: 'paper.mainlandOnly' });
  expect(errorsOf(address({ province: '99' }))).toEqual({ province: 'paper.province' });
});

test('a country left out is mainland China; phone and postal code follow their rules', () => {
  const { country: _omit, ...rest } = address();
  expect(paperAddressSchema.validateSync(rest).country).toBe('CN');
  expect(errorsOf(address({ postalCode: '51000', phone: '23800138000' }))).toEqual({ postalCode: 'paper.postalCode', phone: 'validation.phone' });
  // Unknown keys never reach the database.
  expect(paperAddressSchema.validateSync(address({ extra: 1 }))).not.toHaveProperty('extra');
});
