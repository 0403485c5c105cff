// ESM all the way: NestJS 12 ships ESM only, so ts-jest compiles to ESM and node runs it
// with --experimental-vm-modules (set by the npm test script).
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }],
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 30000,
};
