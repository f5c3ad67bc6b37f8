import { LANGUAGES } from '../../domain/languages';
import { SHARED_CATALOGS } from '../../domain/locales';
import { PROCESSES } from '../../domain/processes';
import { titleAudit } from '../../domain/processes/titleAudit';
import { stepStates } from '../../domain/processes/model';
import { QUEUES } from '../../domain/tasks';
import {
  checkImage,
  checkImageBatch,
  EXCLUSIVITY,
  FAILURE_REASONS,
  HOLDER_STATUSES,
  IP_CATEGORIES,
  IP_IMAGE_EXTENSIONS,
  MAX_IP_FILE_BYTES,
  PENDING_AUDIT_STATES,
  PROOF_EXTENSIONS,
  REGISTRANT_ROLES,
  REGISTRATION_ACTIONS,
  REGISTRATION_MODES,
  registrationActions,
  registrationSchema,
  REGISTRATION_STATES,
  RIGHTS_TERMS,
  stepOfField,
  SUBLICENSING,
  TITLE_AUDIT_SLA_DEFAULT,
  TITLE_AUDIT_SLA_READINGS,
  TITLE_AUDIT_SLA_WORKING_DAYS,
  TITLE_STEP_FIELDS,
  TITLE_UPLOAD_FIELDS,
  titleAuditSlaWorkingDays,
  titleDraftSchema,
  titleFields,
  titleStepSchema,
  titleStepSchemas,
  titleUploadRefs,
  WIZARD_STEPS,
} from '../../domain/titleRegistration';
import { ValidationError } from 'yup';
import { formatIpciCode, makeIpciCode } from '../../domain/ipci';
import { isCalendarDate } from '../../domain/validation/rules';

let n = 0;
/** A fresh upload id (a v4-shaped uuid) per call, so lists never repeat by accident. */
const up = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const ups = (k: number) => Array.from({ length: k }, up);

const valid = () => ({
  agreeTerms: true,
  registrantRole: 'owner',
  declareEntitled: true,
  registrationMode: 'first',
  existingIpciCode: '',
  ipNameZh: '小熊',
  ipNameEn: 'Little Bear',
  ipNameJa: 'こぐま',
  ipCategory: 'animation',
  ipCountry: 'CN',
  holder: 'Bear Studio',
  holderStatus: 'legalEntity',
  holderIntro: '',
  introZh: '一只小熊',
  introEn: '',
  introJa: '',
  videoLink: 'https://video.example.com/bear',
  siteLink: '',
  usageScope: 'Merchandise',
  sublicensing: 'Y',
  rightsRegion: 'Worldwide',
  termType: 'Y',
  termFrom: '',
  termTo: '',
  exclusive: 'N',
  adaptedWorkName: '',
  channelRange: '',
  cover: up(),
  mainImages: ups(5),
  displayImages: [],
  relatedFiles: [],
  everDefendant: false,
  governmentBanned: false,
  riskDescription: '',
  disclosureFile: '',
  showRiskPublicly: false,
  rightsWarranty: up(),
  workStatement: up(),
  originalHolder: true,
  authorizationChain: [],
  workPublished: true,
  samples: [],
  creatorId: [],
  ownershipProof: [],
  publicationProof: [],
  otherProofs: [],
});

/** The failing paths and messages of a validation, or [] when it passes. */
async function errors(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return (e.inner.length ? e.inner : [e]).map((i) => `${i.path}:${typeof i.message === 'string' ? i.message : ''}`);
  }
}
const paths = async (schema: Parameters<typeof errors>[0], value: unknown) => (await errors(schema, value)).map((e) => e.split(':')[0]);

describe('title registration enums (spec part 1 §3, §4)', () => {
  test('Y/N/S, Y/D/N and Y/N/S codes', () => {
    expect(SUBLICENSING).toEqual(['Y', 'N', 'S']);
    expect(RIGHTS_TERMS).toEqual(['Y', 'D', 'N']);
    expect(EXCLUSIVITY).toEqual(['Y', 'N', 'S']);
  });

  test('the states of §4 and the two pending-audit sub-states', () => {
    expect(REGISTRATION_STATES).toHaveLength(11);
    expect(PENDING_AUDIT_STATES).toEqual(['toAudit', 'underAudit']);
    expect(FAILURE_REASONS).toEqual(['conditionsUnmet', 'forgedMaterials', 'hiddenFacts', 'illegalIp', 'cannotSublicense']);
  });

  test.each([
    ['toAudit', ['view', 'cancel']],
    ['underAudit', ['view']],
    ['failed', ['view', 'modify', 'cancel']],
    ['approved', ['view', 'cancel', 'pay']],
    ['pendingPayment', ['view', 'cancel', 'pay']],
    ['paidAwaitingConfirmation', ['view']],
    ['completed', ['view']],
    ['cancelled', ['view']],
  ] as const)('actions in state %s', (state, actions) => {
    expect(registrationActions(state)).toEqual(actions);
  });
});

describe('constants (spec part 1 §5, §9)', () => {
  test('formats, sizes and audit readings', () => {
    expect(IP_IMAGE_EXTENSIONS).toEqual(['jpg', 'jpeg', 'jpe', 'jif', 'png', 'gif', 'ico', 'jfif', 'bmp']);
    expect(PROOF_EXTENSIONS).toEqual(['doc', 'docx', 'xls', 'xlsx', 'pdf', 'zip', 'rar']);
    expect(MAX_IP_FILE_BYTES).toBe(1073741824);
    expect(TITLE_AUDIT_SLA_READINGS).toEqual({ fiveDays: 5, sevenDays: 7 });
    expect(TITLE_AUDIT_SLA_DEFAULT).toBe('fiveDays');
    expect(TITLE_AUDIT_SLA_WORKING_DAYS).toBe(5);
    expect(titleAuditSlaWorkingDays()).toBe(5);
    expect(titleAuditSlaWorkingDays('sevenDays')).toBe(7);
    expect(titleAuditSlaWorkingDays('nonsense')).toBe(5);
  });
});

describe('checkImage (spec part 1 §5)', () => {
  const img = { width: 420, height: 290, mime: 'image/jpeg', isColour: true };
  test.each([
    ['420×290 landscape colour', img, null],
    ['larger png', { ...img, width: 1920, height: 1080, mime: 'image/png' }, null],
    ['ico', { ...img, mime: 'image/x-icon' }, null],
    ['bmp', { ...img, mime: 'image/bmp' }, null],
    ['gif', { ...img, mime: 'image/gif' }, null],
    ['webp is not a listed format', { ...img, mime: 'image/webp' }, 'title.image.format'],
    ['a pdf', { ...img, mime: 'application/pdf' }, 'title.image.format'],
    ['419 wide', { ...img, width: 419 }, 'title.image.minSize'],
    ['289 high', { ...img, height: 289 }, 'title.image.minSize'],
    ['portrait 290×420', { ...img, width: 290, height: 420 }, 'title.image.landscape'],
    ['square 500×500', { ...img, width: 500, height: 500 }, 'title.image.landscape'],
    ['greyscale', { ...img, isColour: false }, 'title.image.colour'],
    ['1 GiB exactly', { ...img, bytes: 1073741824 }, null],
    ['1 GiB + 1 byte', { ...img, bytes: 1073741825 }, 'title.image.tooLarge'],
  ])('%s', (_, facts, expected) => {
    expect(checkImage(facts)).toBe(expected);
  });

  test('colour from channels when not measured: 3 and 4 are colour, 1 and 2 are not, unknown is not', () => {
    const { isColour: _, ...bare } = img;
    expect(checkImage({ ...bare, channels: 3 })).toBeNull();
    expect(checkImage({ ...bare, channels: 4 })).toBeNull();
    expect(checkImage({ ...bare, channels: 2 })).toBe('title.image.colour');
    expect(checkImage({ ...bare, channels: 1 })).toBe('title.image.colour');
    expect(checkImage(bare)).toBe('title.image.colour');
    // A measured answer wins over the storage layout.
    expect(checkImage({ ...bare, channels: 3, isColour: false })).toBe('title.image.colour');
  });

  test('at most 9 pictures per batch', () => {
    expect(checkImageBatch(9)).toBeNull();
    expect(checkImageBatch(10)).toBe('title.image.batch');
  });
});

describe('wizard steps and fields', () => {
  test('the eight steps of §2 in order; every data field on exactly one step', () => {
    expect(WIZARD_STEPS).toEqual(['notice', 'mode', 'ipInfo', 'copyright', 'risk', 'proof', 'submit', 'result']);
    const all = WIZARD_STEPS.flatMap((s) => TITLE_STEP_FIELDS[s]);
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(Object.keys(titleDraftSchema.fields).sort());
    expect(Object.keys(registrationSchema.fields).sort()).toEqual(Object.keys(titleDraftSchema.fields).sort());
    for (const step of Object.keys(titleStepSchemas) as Array<keyof typeof titleStepSchemas>) {
      expect(Object.keys(titleStepSchema(step).fields)).toEqual(TITLE_STEP_FIELDS[step]);
    }
    expect(stepOfField('mainImages')).toBe('ipInfo');
    expect(stepOfField('termTo')).toBe('copyright');
    expect(stepOfField('nope')).toBeUndefined();
  });

  test('reviewers flag data fields, not the notice declarations', () => {
    expect(titleFields()).not.toContain('agreeTerms');
    expect(titleFields()).toContain('ipNameZh');
    expect(titleFields()).toContain('rightsWarranty');
  });

  test('upload fields name existing fields; refs list every id with its kind', () => {
    for (const f of Object.keys(TITLE_UPLOAD_FIELDS)) expect(Object.keys(titleDraftSchema.fields)).toContain(f);
    const data = valid();
    const refs = titleUploadRefs(data);
    expect(refs).toHaveLength(1 + 5 + 2);
    expect(refs[0]).toEqual({ field: 'cover', id: data.cover, kind: 'ipImage' });
    expect(refs.filter((r) => r.kind === 'proof').map((r) => r.field)).toEqual(['rightsWarranty', 'workStatement']);
  });
});

describe('registrationSchema (submit)', () => {
  test('a complete registration passes', async () => {
    expect(await errors(registrationSchema, valid())).toEqual([]);
  });

  test('unknown fields are dropped, never stored', async () => {
    expect(await registrationSchema.validate({ ...valid(), extra: 1 })).not.toHaveProperty('extra');
  });

  test('notice: the terms and the entitlement must be ticked, the role chosen (§5)', async () => {
    expect(await errors(registrationSchema, { ...valid(), agreeTerms: false })).toEqual(['agreeTerms:title.agreeTerms']);
    expect(await errors(registrationSchema, { ...valid(), agreeTerms: undefined })).toEqual(['agreeTerms:title.agreeTerms']);
    expect(await errors(registrationSchema, { ...valid(), declareEntitled: false })).toEqual(['declareEntitled:title.declareEntitled']);
    expect(await paths(registrationSchema, { ...valid(), registrantRole: 'fan' })).toEqual(['registrantRole']);
    for (const role of ['sublicensee', 'agent', 'otherEntitled']) {
      expect(await errors(registrationSchema, { ...valid(), registrantRole: role, originalHolder: false, authorizationChain: [up()] })).toEqual([]);
    }
  });

  test('mode: an existing IPCI code only for that mode', async () => {
    expect(await paths(registrationSchema, { ...valid(), registrationMode: 'existingIpci' })).toEqual(['existingIpciCode']);
    expect(await errors(registrationSchema, { ...valid(), registrationMode: 'existingIpci', existingIpciCode: 'x!' })).toEqual(['existingIpciCode:title.ipciCode']);
    const issued = formatIpciCode(makeIpciCode(2026, 123)); // as printed: IPCI-2026-1-0000123-<check>
    expect(await errors(registrationSchema, { ...valid(), registrationMode: 'existingIpci', existingIpciCode: issued.toLowerCase() })).toEqual([]);
    const cast = await registrationSchema.validate({ ...valid(), registrationMode: 'existingIpci', existingIpciCode: issued });
    expect(cast.existingIpciCode).toBe(makeIpciCode(2026, 123));
    // A wrong check character (a mistyped code) is refused.
    const wrong = issued.slice(0, -1) + (issued.endsWith('0') ? '1' : '0');
    expect(await errors(registrationSchema, { ...valid(), registrationMode: 'existingIpci', existingIpciCode: wrong })).toEqual(['existingIpciCode:title.ipciCode']);
    expect(await paths(registrationSchema, { ...valid(), registrationMode: 'renew' })).toEqual(['registrationMode']);
  });

  test('IP names: all three required (§5 "fill in the IP name completely"); blank after trimming is empty', async () => {
    expect(await errors(registrationSchema, { ...valid(), ipNameJa: '   ' })).toEqual(['ipNameJa:title.ipNameIncomplete']);
    expect(await errors(registrationSchema, { ...valid(), ipNameEn: '' })).toEqual(['ipNameEn:title.ipNameIncomplete']);
    expect(await paths(registrationSchema, { ...valid(), ipNameZh: 'x'.repeat(201) })).toEqual(['ipNameZh']);
    expect(await paths(registrationSchema, { ...valid(), ipNameZh: 'x'.repeat(200) })).toEqual([]);
  });

  test('IP information: category, country, holder, status, links', async () => {
    expect((await paths(registrationSchema, { ...valid(), ipCategory: 'x', ipCountry: 'XX', holder: '', holderStatus: 'robot' })).sort()).toEqual([
      'holder',
      'holderStatus',
      'ipCategory',
      'ipCountry',
    ]);
    expect(await paths(registrationSchema, { ...valid(), videoLink: 'not a url', siteLink: 'ftp//x' })).toEqual(['videoLink', 'siteLink']);
  });

  test('the introduction in at least one language', async () => {
    expect(await errors(registrationSchema, { ...valid(), introZh: '' })).toEqual(['introZh:title.introRequired']);
    expect(await errors(registrationSchema, { ...valid(), introZh: '', introJa: '紹介' })).toEqual([]);
  });

  test.each(['Y', 'N', 'S'])('sublicensing %s and exclusive %s are accepted', async (code) => {
    expect(await errors(registrationSchema, { ...valid(), sublicensing: code, exclusive: code })).toEqual([]);
  });

  test('sublicensing and exclusive refuse other codes and blanks', async () => {
    expect(await paths(registrationSchema, { ...valid(), sublicensing: 'D', exclusive: 'y' })).toEqual(['sublicensing', 'exclusive']);
    expect(await paths(registrationSchema, { ...valid(), sublicensing: '' })).toContain('sublicensing');
  });

  test('term Y and D need no dates; N needs from and to with to after from', async () => {
    expect(await errors(registrationSchema, { ...valid(), termType: 'D' })).toEqual([]);
    expect(await paths(registrationSchema, { ...valid(), termType: 'N' })).toEqual(['termFrom', 'termTo']);
    const ft = (termFrom: string, termTo: string) => errors(registrationSchema, { ...valid(), termType: 'N', termFrom, termTo });
    expect(await ft('2026-01-01', '2026-01-02')).toEqual([]);
    expect(await ft('2026-01-01', '2026-01-01')).toEqual(['termTo:title.termOrder']);
    expect(await ft('2026-01-02', '2026-01-01')).toEqual(['termTo:title.termOrder']);
    expect(await ft('2026-02-30', '2026-03-01')).toEqual(['termFrom:validation.date']);
    expect(await ft('2026/01/01', '2027-01-01')).toEqual(['termFrom:validation.date']);
    expect(await paths(registrationSchema, { ...valid(), termType: 'X' })).toEqual(['termType']);
  });

  test('a real calendar date', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
  });

  test.each([
    [4, ['mainImages:validation.minItems']],
    [5, []],
    [10, []],
    [11, ['mainImages:validation.maxItems']],
  ])('%i main images', async (count, expected) => {
    expect(await errors(registrationSchema, { ...valid(), mainImages: ups(count) })).toEqual(expected);
  });

  test('media: one cover, upload ids only, no duplicates', async () => {
    expect(await paths(registrationSchema, { ...valid(), cover: '' })).toEqual(['cover']);
    expect(await errors(registrationSchema, { ...valid(), cover: 'photo.jpg' })).toEqual(['cover:validation.upload']);
    const id = up();
    expect(await errors(registrationSchema, { ...valid(), mainImages: [id, id, up(), up(), up()] })).toEqual(['mainImages:title.duplicateUpload']);
    expect(await paths(registrationSchema, { ...valid(), displayImages: ups(21) })).toEqual(['displayImages']);
    expect(await paths(registrationSchema, { ...valid(), displayImages: ups(20), relatedFiles: ups(9) })).toEqual([]);
    expect(await paths(registrationSchema, { ...valid(), relatedFiles: ups(10) })).toEqual(['relatedFiles']);
  });

  test('risk: both answers required; a description when either is yes', async () => {
    expect(await paths(registrationSchema, { ...valid(), everDefendant: undefined, governmentBanned: undefined })).toEqual(['everDefendant', 'governmentBanned']);
    expect(await errors(registrationSchema, { ...valid(), everDefendant: true })).toEqual(['riskDescription:title.riskDescription']);
    expect(await errors(registrationSchema, { ...valid(), governmentBanned: true })).toEqual(['riskDescription:title.riskDescription']);
    expect(await errors(registrationSchema, { ...valid(), everDefendant: true, riskDescription: 'Settled in 2020' })).toEqual([]);
  });

  test('proof: warranty and work statement always', async () => {
    expect(await paths(registrationSchema, { ...valid(), rightsWarranty: '', workStatement: '' })).toEqual(['rightsWarranty', 'workStatement']);
  });

  test('proof: the authorization chain when not the original holder', async () => {
    expect(await errors(registrationSchema, { ...valid(), originalHolder: false })).toEqual(['authorizationChain:title.authorizationChain']);
    expect(await errors(registrationSchema, { ...valid(), originalHolder: false, authorizationChain: [up()] })).toEqual([]);
    // A sublicensee cannot be the original holder.
    expect(await errors(registrationSchema, { ...valid(), registrantRole: 'agent' })).toEqual(['originalHolder:title.originalHolderRole']);
  });

  test('proof: samples and creator ID when the work is unpublished', async () => {
    expect(await errors(registrationSchema, { ...valid(), workPublished: false })).toEqual([
      'samples:title.unpublishedProof',
      'creatorId:title.unpublishedProof',
    ]);
    expect(await errors(registrationSchema, { ...valid(), workPublished: false, samples: [up()], creatorId: [up()] })).toEqual([]);
    expect(await paths(registrationSchema, { ...valid(), otherProofs: ups(10) })).toEqual(['otherProofs']);
  });
});

describe('step schemas validate only their own fields', () => {
  test('notice alone', async () => {
    expect(await errors(titleStepSchema('notice'), { agreeTerms: true, registrantRole: 'owner', declareEntitled: true })).toEqual([]);
    expect(await paths(titleStepSchema('notice'), {})).toEqual(['agreeTerms', 'registrantRole', 'declareEntitled']);
  });

  test('copyright alone, with the term rule', async () => {
    const v = { usageScope: 'Toys', sublicensing: 'S', rightsRegion: 'Asia', termType: 'N', termFrom: '2026-01-01', termTo: '2025-12-31', exclusive: 'S' };
    expect(await errors(titleStepSchema('copyright'), v)).toEqual(['termTo:title.termOrder']);
  });

  test('fields of another step are unknown to a step', async () => {
    const risk = await titleStepSchema('risk').validate({ everDefendant: false, governmentBanned: false, ipNameZh: 'x' });
    expect(risk).toEqual({ everDefendant: false, governmentBanned: false, riskDescription: '', disclosureFile: '', showRiskPublicly: false });
  });
});

describe('titleDraftSchema (drafts saved as the user goes)', () => {
  test('an empty draft and a partial draft pass', async () => {
    expect(await errors(titleDraftSchema, {})).toEqual([]);
    expect(await errors(titleDraftSchema, { ipNameZh: '小熊', mainImages: ups(2), termType: 'N', termFrom: '2026-01-01', sublicensing: '' })).toEqual([]);
  });

  test('types and bounds still hold', async () => {
    expect(
      await paths(titleDraftSchema, {
        ipNameZh: 'x'.repeat(201),
        mainImages: ups(11),
        sublicensing: 'Q',
        termFrom: '2026-02-30',
        cover: 'x',
        everDefendant: 'perhaps',
      }),
    ).toEqual(['ipNameZh', 'sublicensing', 'termFrom', 'cover', 'mainImages', 'everDefendant']);
    expect(await titleDraftSchema.validate({ hacker: 1 })).not.toHaveProperty('hacker');
  });
});

describe('titleAudit process model', () => {
  test('registered, in the title queue, SLA from the default reading', () => {
    expect(PROCESSES.titleAudit).toBe(titleAudit);
    const review = titleAudit.steps.find((s) => s.id === 'review')!;
    expect(QUEUES).toContain(review.queue);
    expect(review).toMatchObject({ actor: 'staff', queue: 'title', slaWorkingDays: 5 });
  });

  test('every transition joins known steps; terminals have no way out; every step is reachable', () => {
    const ids = new Set(titleAudit.steps.map((s) => s.id));
    for (const t of titleAudit.transitions) {
      expect(ids.has(t.from)).toBe(true);
      expect(ids.has(t.to)).toBe(true);
    }
    const terminals = titleAudit.steps.filter((s) => s.terminal).map((s) => s.id);
    expect(terminals.sort()).toEqual(['cancelled', 'issued']);
    for (const t of terminals) expect(titleAudit.transitions.filter((x) => x.from === t)).toEqual([]);
    const seen = new Set(['submit']);
    for (let changed = true; changed; ) {
      changed = false;
      for (const t of titleAudit.transitions)
        if (seen.has(t.from) && !seen.has(t.to)) {
          seen.add(t.to);
          changed = true;
        }
    }
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  test('the correction loop: fail → correction → resubmit → review', () => {
    expect(titleAudit.transitions).toEqual(
      expect.arrayContaining([
        { from: 'review', to: 'correction', on: 'fail' },
        { from: 'correction', to: 'review', on: 'resubmit' },
        { from: 'payment', to: 'issued', on: 'pay' },
      ]),
    );
    expect(stepStates(titleAudit, [{ step: 'review', status: 'failed' }, { step: 'correction', status: 'current' }])).toMatchObject({
      review: 'failed',
      correction: 'current',
      issued: 'pending',
    });
  });
});

describe('title catalogs', () => {
  test('every message key this area uses exists in every language', () => {
    const keys = [
      'title.agreeTerms',
      'title.declareEntitled',
      'title.ipciCode',
      'title.ipNameIncomplete',
      'title.introRequired',
      'title.termOrder',
      'title.riskDescription',
      'title.authorizationChain',
      'title.unpublishedProof',
      'title.originalHolderRole',
      'title.duplicateUpload',
      ...['format', 'tooLarge', 'colour', 'landscape', 'minSize', 'batch'].map((r) => `title.image.${r}`),
    ];
    const get = (o: unknown, k: string) => k.split('.').reduce<unknown>((acc, p) => (acc as Record<string, unknown> | undefined)?.[p], o);
    for (const l of LANGUAGES) for (const k of keys) expect([l, k, typeof get(SHARED_CATALOGS[l].errors, k)]).toEqual([l, k, 'string']);
  });
});

describe('UI labels for this area (ui/locales/title)', () => {
  // Read as files: the unit project does not load the UI's i18n module; the base catalog supplies shared keys.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { mergeCatalogs } = require('../../domain/locales/merge');
  const catalog = (l: string) => mergeCatalogs(require(`../../ui/locales/${l}.json`), require(`../../ui/locales/title/${l}.json`));
  const has = (o: unknown, k: string) => typeof k.split('.').reduce<unknown>((acc, p) => (acc as Record<string, unknown> | undefined)?.[p], o) === 'string';

  test('steps, transitions, fields and enum values all have labels in every language', () => {
    const needed = [
      'processes.titleAudit',
      ...titleAudit.steps.map((s) => `steps.titleAudit.${s.id}`),
      ...titleAudit.transitions.filter((t) => t.on).map((t) => `transitions.${t.on}`),
      ...WIZARD_STEPS.flatMap((s) => TITLE_STEP_FIELDS[s]).map((f) => `fields.${f}`),
      ...WIZARD_STEPS.map((s) => `titleRegistration.wizard.${s}`),
      ...SUBLICENSING.map((c) => `titleRegistration.sublicensing.${c}`),
      ...RIGHTS_TERMS.map((c) => `titleRegistration.term.${c}`),
      ...EXCLUSIVITY.map((c) => `titleRegistration.exclusive.${c}`),
      ...REGISTRATION_STATES.map((c) => `titleRegistration.state.${c}`),
      ...FAILURE_REASONS.map((c) => `titleRegistration.failureReason.${c}`),
      ...REGISTRANT_ROLES.map((c) => `titleRegistration.registrantRole.${c}`),
      ...HOLDER_STATUSES.map((c) => `titleRegistration.holderStatus.${c}`),
      ...IP_CATEGORIES.map((c) => `titleRegistration.category.${c}`),
      ...REGISTRATION_MODES.map((c) => `titleRegistration.mode.${c}`),
      ...REGISTRATION_ACTIONS.map((c) => `titleRegistration.action.${c}`),
    ];
    for (const l of LANGUAGES) {
      const c = catalog(l);
      expect(needed.filter((k) => !has(c, k))).toEqual([]);
    }
  });

  test('this area overrides no existing UI label', () => {
    for (const l of LANGUAGES) {
      const base = require(`../../ui/locales/${l}.json`);
      const area = require(`../../ui/locales/title/${l}.json`);
      const leaves = (o: unknown, p = ''): string[] =>
        typeof o === 'object' && o ? Object.entries(o).flatMap(([k, v]) => leaves(v, p ? `${p}.${k}` : k)) : [p];
      expect(leaves(area).filter((k) => has(base, k))).toEqual([]);
    }
  });
});
