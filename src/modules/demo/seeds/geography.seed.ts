import type { EntityManager } from 'typeorm';
import { demoRepository as demo } from '../demo.repository.js';

const COUNTRIES: { name: string; code: string; code_3: string; states: [string, string][] }[] = [
  {
    name: 'United States',
    code: 'US',
    code_3: 'USA',
    states: [
      ['California', 'CA'],
      ['New York', 'NY'],
      ['Texas', 'TX'],
      ['Washington', 'WA'],
    ],
  },
  {
    name: 'Canada',
    code: 'CA',
    code_3: 'CAN',
    states: [
      ['Ontario', 'ON'],
      ['Quebec', 'QC'],
      ['British Columbia', 'BC'],
    ],
  },
  { name: 'Germany', code: 'DE', code_3: 'DEU', states: [] },
  { name: 'Netherlands', code: 'NL', code_3: 'NLD', states: [] },
  { name: 'United Kingdom', code: 'GB', code_3: 'GBR', states: [] },
];

export async function seedGeography(m: EntityManager): Promise<string> {
  let countries = 0;
  let states = 0;
  for (const c of COUNTRIES) {
    await demo.insertCountryIfMissing(m, { name: c.name, code: c.code, code_3: c.code_3 });
    const country = await demo.countryByCode(m, c.code);
    countries++;
    if (c.states.length === 0) continue;
    await demo.insertStatesIfMissing(
      m,
      c.states.map(([name, code]) => ({ country_id: country.id, name, code })),
    );
    states += c.states.length;
  }
  return `Geography: ${countries} countries, ${states} states present.`;
}
