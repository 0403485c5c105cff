import { de } from './de.labels.js';
import { type Labels, en } from './en.labels.js';
import { ru } from './ru.labels.js';

export { en, type Labels } from './en.labels.js';

/** The languages buyers read, by BCP 47 language subtag; adding one is a file and a line here. */
const LANGUAGES: Record<string, Labels> = { en, ru, de };

/** The labels of LOCALE's language (`ru-RU` → Russian), English when there are none for it. */
export function labelsFor(locale: string): Labels {
  const language = locale.split('-')[0].toLowerCase();
  return LANGUAGES[language] ?? en;
}

/** A label with its `{name}` marks replaced by `values` (a mark without a value stays as written). */
export function fill(label: string, values: Record<string, string | number>): string {
  return label.replace(/\{(\w+)\}/g, (mark, name: string) => (name in values ? String(values[name]) : mark));
}
