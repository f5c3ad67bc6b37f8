import { addMonths, lawFirmListingFee } from '../../activities/lawFirmListing';
import { DEFAULT_LAW_FIRM_LISTING_FEE_FEN } from '../../domain/lawFirms';

test('the listing fee: LAW_FIRM_LISTING_FEE_FEN when it is a positive whole number of fen, else the default', () => {
  expect(lawFirmListingFee({})).toBe(DEFAULT_LAW_FIRM_LISTING_FEE_FEN);
  expect(lawFirmListingFee({ LAW_FIRM_LISTING_FEE_FEN: '880000' })).toBe(880_000);
  for (const bad of ['', '0', '-5', '12.5', 'abc']) expect(lawFirmListingFee({ LAW_FIRM_LISTING_FEE_FEN: bad })).toBe(DEFAULT_LAW_FIRM_LISTING_FEE_FEN);
});

test('a term of 12 months on China dates; the 29th of February falls back to the 28th', () => {
  expect(addMonths('2026-11-25', 12)).toBe('2027-11-25');
  expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
  expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  expect(addMonths('2026-12-31', 12)).toBe('2027-12-31');
});
