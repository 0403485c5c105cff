/** A new API key was asked for with a scope the API does not know (see ALL_SCOPES). */
export class InvalidScopesError extends Error {}
