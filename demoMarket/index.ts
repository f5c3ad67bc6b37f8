/**
 * The local demo marketplace (issue 15): a generated shop whose product pages carry copies of the
 * demo IP pictures among unrelated ones, started by `npm start` and by the tests' services, so that
 * infringement monitoring finds something on a machine without internet.
 */
export { DEMO_ORIGINALS, DEMO_PICTURE_SIDE, demoOriginal, type DemoOriginal, type DemoPicture } from './originals';
export { DEFAULT_DEMO_MARKET_PORT, startDemoMarket, type RunningDemoMarket } from './server';
export { DEMO_MARKET_SITE_NAME, demoMarketSite, seedDemoMarketSite } from './seed';
export { PRIVATE_PATH, plannedFindings } from './catalogue';
export { generateSite } from './site';
export type { DemoSite, PlacedCopy, ProductPage } from './site';
