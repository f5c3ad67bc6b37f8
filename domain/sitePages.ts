/**
 * The pages of the public site, as react-router paths. App.tsx declares its routes with these and
 * the server (api/middleware/spa.ts) answers 404 for any other path, so the two cannot drift.
 */

/** Under /{lang}/ipci/. */
export const SITE_PAGES = {
  home: '',
  introduce: 'introduce',
  certificateSearch: 'right/certificate',
  certificateVerify: 'right/certificate/:code',
  login: 'login',
  forgotPassword: 'forgotpassword',
  register: 'register',
  agreement: 'register/agreement',
  disclaimer: 'register/disclaimer',
  privacy: 'register/privacy',
  childRule: 'register/childRule',
  userCenter: 'usercenter',
  ipSearch: 'right',
  ipDetail: 'right/detail/:id',
  tradeIntro: 'trade',
  tradeSelfService: 'trade/autotrade',
  tradeEntrusted: 'trade/platform',
  tradeContactSeller: 'trade/sellertrade',
  objectionForm: 'trade/objection',
  protect: 'protect',
  /** The administrative process explained and its application form; `?kind=legal&firm=<id>` applies for legal help. */
  protectProcess: 'protect/rightprocess',
  protectPublicity: 'protect/publicity',
  lawFirms: 'protect/legalrights',
  lawFirmDetail: 'protect/legalrightsdetail/:id',
  lawFirmApply: 'protect/lawapply',
  /** Anti-counterfeiting: the manufacturer directory (online identification joins it), a manufacturer's detail and the application. */
  antifake: 'protect/antifake',
  antifakeManufacturer: 'protect/antifake/manufacturer/:id',
  antifakeApply: 'protect/antifake/apply',
  /** Anti-counterfeit capacity packages on sale, and where a buyer lands once one is paid (`?orderId=`). */
  capacityPay: 'protect/capacitypay',
  openSuccess: 'protect/opensuccess',
  /** Infringement monitoring: what it does, its plans and the order (issue 15). */
  monitoring: 'protect/monitoring',
} as const;

/** Under /{lang}/ipci/usercenter/. */
export const USER_CENTER_PAGES = {
  info: '',
  identity: 'identity',
  certificates: 'certificates',
  messages: 'msg',
  messageDetail: 'msgdetail/:id',
  messagesOld: 'messages',
  casePage: 'cases/:kind/:id',
  invitation: 'invitation',
  titles: 'traceability',
  titleNew: 'traceability/new',
  titleDraft: 'traceability/draft/:id',
  titleDetail: 'traceability/:id',
  bills: 'orderrecord',
  orderDetail: 'orderdetail/:id',
  pay: 'pay/:orderId',
  paySuccess: 'paysuccess',
  security: 'security',
  bindPhone: 'bindphone',
  bindEmail: 'bindemail',
  password: 'password',
  sessions: 'sessions',
  cancellation: 'cancellation',
  trade: 'trade',
  tradeDetail: 'tradedetail/:id',
  objections: 'objection',
  objectionDetail: 'objectiondetail/:id',
  objectionAnswer: 'objectionanswer/:id',
  tradeRecords: 'traderecord',
  tradeRecordNew: 'addtraderecord',
  tradeRecordDetail: 'traderecorddetail/:id',
  protection: 'rightprotect',
  protectionDetail: 'protectdetail/:id',
  protectionUpdate: 'rightprotectupdate/:id',
  /** A law firm's own listing application: its progress, corrections, payment and renewal. */
  lawFirmListing: 'lawfirm',
  /** The user's pictures kept against their anti-counterfeit capacity (issue 14). */
  gallery: 'gallerymanagement',
  /** A manufacturer's own listing application: its review, corrections and state. */
  manufacturerListing: 'manufacturer',
  capacity: 'capacity',
  capacityDetail: 'capacitydetail',
  /** Watermarking gallery pictures in batches, with their progress and the copies made (issue 14). */
  watermarkImage: 'addwatermarkimage',
  /** Checking a picture against the user's own watermarks, and the `detected watermark` list (`?tab=detected`). */
  watermarkDetect: 'watermarkdetect',
  /** Infringement monitoring (issue 15): the "IP infringement list" of subscriptions, one's monitored content, the suspects found and a report. */
  monitoring: 'monitoring',
  monitoringDetail: 'monitoring/:id',
  suspects: 'suspecttort',
  suspectDetail: 'suspecttort/:id',
  suspectReport: 'suspecttort/:id/report',
} as const;

/** User-centre menu areas whose issue has not landed: each shows the not-open page (ui/src/pages/NotOpenPage). */
export const USER_CENTER_NOT_OPEN = {
  artists: 'artistresource',
  invoice: 'invoice',
  coupons: 'mycoupon',
} as const;

export type UserCenterRoute = (typeof USER_CENTER_PAGES)[keyof typeof USER_CENTER_PAGES] | (typeof USER_CENTER_NOT_OPEN)[keyof typeof USER_CENTER_NOT_OPEN];

/** Under /{lang}/ipcimobile/ (the full mobile site is a later issue). */
export const MOBILE_PAGES = { home: '' } as const;

const join = (base: string, rest: string) => [base, rest].filter(Boolean).join('/');

const PATTERNS: Record<string, string[]> = {
  ipci: [...Object.values(SITE_PAGES), ...[...Object.values(USER_CENTER_PAGES), ...Object.values(USER_CENTER_NOT_OPEN)].map((p) => join(SITE_PAGES.userCenter, p))],
  ipcimobile: Object.values(MOBILE_PAGES),
};

/** Like react-router: segments compare case-insensitively, `:name` takes any one segment, trailing slashes do not count. */
function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  return parts.length === segments.length && parts.every((p, i) => p.startsWith(':') || p.toLowerCase() === segments[i].toLowerCase());
}

/** Whether `rest` (the path after /{lang}/{site}) is one of the app's pages of `site` ('ipci' or 'ipcimobile'). */
export function isSitePage(site: string, rest: string): boolean {
  const segments = rest.split('/').filter(Boolean);
  return Object.hasOwn(PATTERNS, site) && PATTERNS[site].some((p) => matches(p, segments));
}
