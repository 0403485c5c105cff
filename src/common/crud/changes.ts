/** The fields a validated body actually carried (absent ones are left untouched by PATCH). */
export function changesOf(dto: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined));
}
