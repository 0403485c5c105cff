/**
 * `describe` for the e2e specs: skipped when the run was started with E2E_SKIP=1 (the unit tests
 * only); otherwise global-setup.ts has made sure PostgreSQL and Redis answer, or failed the run.
 * Imports nothing, so a spec that needs no app does not load one.
 */
export const describeE2E = process.env.E2E_SKIP === '1' ? describe.skip : describe;
