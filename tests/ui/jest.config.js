/**
 * UI tests (jsdom + msw). Standalone config: `npx jest -c tests/ui/jest.config.js`.
 * The root jest.config.js may include the same settings as its `ui` project.
 */
const path = require('node:path');

module.exports = {
  displayName: 'ui',
  rootDir: path.resolve(__dirname, '../..'),
  testEnvironment: 'jest-fixed-jsdom',
  testMatch: ['<rootDir>/tests/ui/**/*.test.ts', '<rootDir>/tests/ui/**/*.test.tsx'],
  transform: {
    '^.+\\.m?(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // msw 2 pulls a few ESM-only helpers; let swc compile them to CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@mswjs|msw|outvariant|strict-event-emitter|headers-polyfill|@open-draft)/)'],
  moduleNameMapper: { '\\.css$': '<rootDir>/tests/ui/support/styleStub.js' },
  setupFilesAfterEnv: ['<rootDir>/tests/ui/support/setup.ts'],
  testTimeout: 20000,
};
