import { ipciPauseReason } from '../../db/monitoring';
import { PICTURE_MAX_BYTES } from '../../domain/monitoring';
import { checkMonitorPicture } from '../../domain/uploads';

describe('comparison picture rules (part 2 §5/§9)', () => {
  const img = (over: Partial<Parameters<typeof checkMonitorPicture>[0]> = {}) => ({ width: 1024, height: 1024, mime: 'image/png', bytes: 500_000, ...over });

  test('a square HD jpg or png up to about 3 MB passes', () => {
    expect(checkMonitorPicture(img())).toBeNull();
    expect(checkMonitorPicture(img({ mime: 'image/jpeg', bytes: PICTURE_MAX_BYTES }))).toBeNull();
    expect(checkMonitorPicture(img({ width: 500, height: 500 }))).toBeNull();
    // 2 % off square is square to the eye.
    expect(checkMonitorPicture(img({ width: 1000, height: 980 }))).toBeNull();
  });

  test('each broken rule names itself: format, size, square, HD', () => {
    expect(checkMonitorPicture(img({ mime: 'image/gif' }))).toBe('monitoring.picture.format');
    expect(checkMonitorPicture(img({ bytes: PICTURE_MAX_BYTES + 1 }))).toBe('monitoring.picture.tooLarge');
    expect(checkMonitorPicture(img({ width: 1000, height: 970 }))).toBe('monitoring.picture.notSquare');
    expect(checkMonitorPicture(img({ width: 600, height: 800 }))).toBe('monitoring.picture.notSquare');
    expect(checkMonitorPicture(img({ width: 499, height: 499 }))).toBe('monitoring.picture.tooSmall');
  });
});

describe('which IPCI is monitored (part 2 §9: valid IPCIs only)', () => {
  const ipci = (over: Partial<Parameters<typeof ipciPauseReason>[0]> = {}) => ({ invalid_at: null, invalid_reason: null, title_taken_down: false, valid_until: null, ...over });
  const today = '2026-11-25';

  test('valid: in its term, whatever its trade listing', () => {
    expect(ipciPauseReason(ipci(), today)).toBeNull();
    expect(ipciPauseReason(ipci({ valid_until: today }), today)).toBeNull();
  });

  test('not valid, with the reason the user is told', () => {
    expect(ipciPauseReason(ipci({ invalid_at: new Date(), invalid_reason: 'revoked' }), today)).toBe('ipciRevoked');
    expect(ipciPauseReason(ipci({ invalid_at: new Date(), invalid_reason: 'expired' }), today)).toBe('ipciExpired');
    expect(ipciPauseReason(ipci({ invalid_at: new Date(), invalid_reason: null }), today)).toBe('ipciInvalid');
    expect(ipciPauseReason(ipci({ valid_until: '2026-11-24' }), today)).toBe('ipciExpired');
    expect(ipciPauseReason(ipci({ title_taken_down: true }), today)).toBe('ipciTakenDown');
  });
});
