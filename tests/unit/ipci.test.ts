import {
  formatIpciCode,
  IPCI_CODE_LENGTH,
  IPCI_MAX_SERIAL,
  IPCI_STATES,
  ipciOperations,
  ipciState,
  isIpciIdentifier,
  isListedForTrade,
  isPubliclyVerifiable,
  isValidIpciCode,
  makeIpciCode,
  mod11_2CheckCharacter,
  normaliseIpciCode,
  parseIpciCode,
  type IpciStatus,
} from '../../domain/ipci';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('ISO/IEC 7064 MOD 11-2 check character', () => {
  test('matches the standard example and the resident ID number (GB 11643)', () => {
    expect(mod11_2CheckCharacter('079')).toBe('X');
    expect(mod11_2CheckCharacter('11010519491231002')).toBe('X');
  });

  test('takes digits only', () => {
    expect(() => mod11_2CheckCharacter('IPCI')).toThrow(RangeError);
  });
});

describe('IPCI identification code', () => {
  test('17 characters: IPCI, year, kind, 7-digit serial, check character', () => {
    const code = makeIpciCode(2026, 123);
    expect(code).toBe('IPCI2026100001237');
    expect(code).toHaveLength(IPCI_CODE_LENGTH);
    expect(IPCI_CODE_LENGTH).toBe(17);
    expect(makeIpciCode(2026, 123, 'existingIpci').slice(8, 9)).toBe('2');
    expect(parseIpciCode(code)).toEqual({ code, year: 2026, kind: 'first', serial: 123 });
  });

  test('serial 1 to 9999999 and years 2000 to 9999; everything else is refused', () => {
    expect(isValidIpciCode(makeIpciCode(2000, 1))).toBe(true);
    expect(isValidIpciCode(makeIpciCode(9999, IPCI_MAX_SERIAL))).toBe(true);
    expect(() => makeIpciCode(2026, 0)).toThrow(RangeError);
    expect(() => makeIpciCode(2026, IPCI_MAX_SERIAL + 1)).toThrow(RangeError);
    expect(() => makeIpciCode(2026, 1.5)).toThrow(RangeError);
    expect(() => makeIpciCode(1999, 1)).toThrow(RangeError);
    expect(() => makeIpciCode(10000, 1)).toThrow(RangeError);
  });

  test('a code with serial 0, year before 2000 or an unknown kind is invalid even with a correct check character', () => {
    for (const body of ['IPCI202610000000', 'IPCI199910000001', 'IPCI202630000001', 'IPCI202600000001']) {
      expect(isValidIpciCode(body + mod11_2CheckCharacter(body.slice(4)))).toBe(false);
    }
  });

  // Serials spread over the range, both kinds, several years.
  const sample = [1, 2, 9, 10, 99, 123, 4567, 89012, 345678, 1000000, 5555555, 9999998, IPCI_MAX_SERIAL].flatMap((serial, i) => [
    makeIpciCode(2000 + ((i * 7) % 100), serial, 'first'),
    makeIpciCode(2026, serial, 'existingIpci'),
  ]);

  test('every sample code is valid', () => {
    for (const code of sample) expect(isValidIpciCode(code)).toBe(true);
  });

  test('every single-character change of every sample code is refused', () => {
    let tried = 0;
    for (const code of sample) {
      for (let i = 0; i < code.length; i++) {
        for (const ch of ALPHANUMERIC) {
          if (ch === code[i]) continue;
          const changed = code.slice(0, i) + ch + code.slice(i + 1);
          tried += 1;
          if (isValidIpciCode(changed)) throw new Error(`${changed} (from ${code}) was accepted`);
        }
      }
    }
    expect(tried).toBe(sample.length * 17 * 35);
  });

  test('every adjacent transposition of every sample code is refused', () => {
    let tried = 0;
    for (const code of sample) {
      for (let i = 0; i + 1 < code.length; i++) {
        if (code[i] === code[i + 1]) continue;
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        tried += 1;
        if (isValidIpciCode(swapped)) throw new Error(`${swapped} (from ${code}) was accepted`);
      }
    }
    expect(tried).toBeGreaterThan(sample.length * 5);
  });

  test('the check catches a swap of any two different digits at any adjacent positions', () => {
    // Exhaustive over the algorithm rather than a sample: every pair of digits, every position.
    const base = '202610000123';
    for (let i = 0; i + 1 < base.length; i++) {
      for (let a = 0; a < 10; a++) {
        for (let b = 0; b < 10; b++) {
          if (a === b) continue;
          const ab = base.slice(0, i) + a + b + base.slice(i + 2);
          const ba = base.slice(0, i) + b + a + base.slice(i + 2);
          expect(mod11_2CheckCharacter(ab)).not.toBe(mod11_2CheckCharacter(ba));
        }
      }
    }
  });

  test('check characters X and 0 both occur', () => {
    const checks = new Set(Array.from({ length: 40 }, (_, i) => makeIpciCode(2026, i + 1).slice(-1)));
    expect(checks.has('X')).toBe(true);
    expect(checks.has('0')).toBe(true);
  });

  test('the strict check takes the canonical form only; search input is normalised first', () => {
    const code = makeIpciCode(2026, 123);
    const grouped = formatIpciCode(code);
    expect(grouped).toBe(`IPCI-2026-1-0000123-${code[16]}`);
    expect(isValidIpciCode(grouped)).toBe(false);
    expect(isValidIpciCode(code.toLowerCase())).toBe(false);
    for (const typed of [grouped, ` ${grouped.toLowerCase()} `, 'ipci 2026 1 0000123 ' + code[16], 'ＩＰＣＩ－２０２６－１－００００１２３－' + code[16], grouped.replace(/-/g, '‐')]) {
      expect(normaliseIpciCode(typed)).toBe(code);
      expect(parseIpciCode(typed)?.code).toBe(code);
    }
    expect(parseIpciCode('IPCI-2026-1-0000123')).toBeNull();
    expect(parseIpciCode('')).toBeNull();
    expect(formatIpciCode('not a code')).toBe('not a code');
  });
});

test('the identifier is an opaque version-4 UUID in lower case', () => {
  expect(isIpciIdentifier('6f1c2f5e-8b7e-4c1a-9d1e-2b3c4d5e6f70')).toBe(true);
  expect(isIpciIdentifier('6F1C2F5E-8B7E-4C1A-9D1E-2B3C4D5E6F70')).toBe(false);
  expect(isIpciIdentifier('6f1c2f5e-8b7e-1c1a-9d1e-2b3c4d5e6f70')).toBe(false);
  expect(isIpciIdentifier(makeIpciCode(2026, 1))).toBe(false);
});

describe('IPCI certificate list states and take-downs (spec part 1 §4)', () => {
  const issued: IpciStatus = { paid: true, invalid: false, takenDown: [] };

  test('four states with stable ids', () => {
    expect(IPCI_STATES).toEqual(['pendingPayment', 'completed', 'takenDown', 'invalid']);
    expect(ipciState({ ...issued, paid: false })).toBe('pendingPayment');
    expect(ipciState(issued)).toBe('completed');
    expect(ipciState({ ...issued, takenDown: ['trade'] })).toBe('takenDown');
    expect(ipciState({ ...issued, takenDown: ['title'] })).toBe('takenDown');
    expect(ipciState({ ...issued, invalid: true, takenDown: ['title'] })).toBe('invalid');
  });

  test('a title take-down stops third-party verification; a trade take-down only ends the listing', () => {
    expect(isPubliclyVerifiable(issued)).toBe(true);
    expect(isListedForTrade(issued)).toBe(true);
    expect(isPubliclyVerifiable({ ...issued, takenDown: ['trade'] })).toBe(true);
    expect(isListedForTrade({ ...issued, takenDown: ['trade'] })).toBe(false);
    expect(isPubliclyVerifiable({ ...issued, takenDown: ['title'] })).toBe(false);
    expect(isListedForTrade({ ...issued, takenDown: ['title'] })).toBe(false);
    expect(isPubliclyVerifiable({ ...issued, invalid: true })).toBe(false);
    expect(isPubliclyVerifiable({ ...issued, paid: false })).toBe(false);
  });

  test('operations: pay before payment, one take-down or relist per kind after, nothing once invalid', () => {
    expect(ipciOperations({ ...issued, paid: false })).toEqual(['pay']);
    expect(ipciOperations(issued)).toEqual(['takeDownTrade', 'takeDownTitle']);
    expect(ipciOperations({ ...issued, takenDown: ['trade'] })).toEqual(['relistTrade', 'takeDownTitle']);
    expect(ipciOperations({ ...issued, takenDown: ['trade', 'title'] })).toEqual(['relistTrade', 'relistTitle']);
    expect(ipciOperations({ ...issued, invalid: true })).toEqual([]);
  });
});
