/**
 * Custom field values are stored as text; each definition's type says what text is valid.
 * Pure rules, shared by definitions (default_value), product values and quote custom_fields.
 */
export const FIELD_ENTITIES = ['product', 'customer', 'cart', 'order'] as const;
export const FIELD_TYPES = ['string', 'text', 'integer', 'decimal', 'boolean', 'date', 'select'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldRule {
  type: FieldType;
  options: string[] | null;
}

export type Normalized = { ok: true; value: string } | { ok: false; message: string };

const INT = /^-?\d{1,18}$/;
const DEC = /^-?\d{1,15}(\.\d{1,6})?$/;

/** Accepts a JSON string, number or boolean and returns its canonical text, or why it is invalid. */
export function normalizeFieldValue(rule: FieldRule, raw: unknown): Normalized {
  const text =
    typeof raw === 'string'
      ? raw
      : typeof raw === 'number' && Number.isFinite(raw)
        ? String(raw)
        : typeof raw === 'boolean'
          ? raw
            ? '1'
            : '0'
          : null;
  if (text === null) return { ok: false, message: 'must be a string, number or boolean' };
  switch (rule.type) {
    case 'string':
      return text.length <= 255 ? { ok: true, value: text } : { ok: false, message: 'must be at most 255 characters' };
    case 'text':
      return text.length <= 65535 ? { ok: true, value: text } : { ok: false, message: 'must be at most 65535 characters' };
    case 'integer':
      return INT.test(text.trim()) ? { ok: true, value: String(BigInt(text.trim())) } : { ok: false, message: 'must be an integer' };
    case 'decimal':
      return DEC.test(text.trim()) ? { ok: true, value: text.trim() } : { ok: false, message: 'must be a decimal number' };
    case 'boolean': {
      const t = text.trim().toLowerCase();
      if (['1', 'true'].includes(t)) return { ok: true, value: '1' };
      if (['0', 'false'].includes(t)) return { ok: true, value: '0' };
      return { ok: false, message: 'must be a boolean (true, false, 1 or 0)' };
    }
    case 'date': {
      const t = text.trim();
      const d = new Date(`${t}T00:00:00Z`);
      return /^\d{4}-\d{2}-\d{2}$/.test(t) && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(t)
        ? { ok: true, value: t }
        : { ok: false, message: 'must be a date (YYYY-MM-DD)' };
    }
    case 'select':
      return rule.options?.includes(text)
        ? { ok: true, value: text }
        : { ok: false, message: `must be one of: ${(rule.options ?? []).join(', ')}` };
  }
}
