/**
 * `npm test` runs every project. Unit and UI tests need no services; integration and e2e share one
 * global setup (tests/support/services.ts) that starts real Postgres, a real Temporal dev server,
 * the worker and the API.
 */
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } },
];
// @trustnxt/c2pa-ts is ESM-only and exports only an "import" condition: the app loads it with
// import(), which jest turns into require, so jest maps its entry points and compiles it (and the
// ESM-only uuid it brings) to CommonJS.
const esmOnly = {
  moduleNameMapper: {
    '^@trustnxt/c2pa-ts$': '<rootDir>/node_modules/@trustnxt/c2pa-ts/dist/index.js',
    '^@trustnxt/c2pa-ts/(\\w+)$': '<rootDir>/node_modules/@trustnxt/c2pa-ts/dist/$1/index.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!(@trustnxt/c2pa-ts|uuid)/)'],
};
const node = (name, extra = {}) => ({
  displayName: name,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  ...esmOnly,
  testMatch: [`<rootDir>/tests/${name}/**/*.test.ts`],
  ...extra,
});
const services = {
  globalSetup: '<rootDir>/tests/support/globalSetup.ts',
  globalTeardown: '<rootDir>/tests/support/globalTeardown.ts',
};

module.exports = {
  // Per-project testTimeout is ignored by jest 30; long tests pass their own timeout.
  testTimeout: 60_000,
  reporters: ['default', '<rootDir>/tests/support/summaryReporter.js'],
  projects: [
    node('unit'),
    '<rootDir>/tests/ui/jest.config.js',
    node('integration', services),
    node('e2e', services),
  ],
};
