import { embedded } from '../../common/embed/embed.js';
import { flag, timestamp } from '../../common/format/format.js';
import type { Country } from './country.entity.js';
import type { State } from './state.entity.js';
import type { CountryView, StateView } from './geography.views.js';

export function presentState(s: State): StateView {
  return {
    id: s.id,
    country_id: s.country_id,
    name: s.name,
    code: s.code,
    enabled: flag(s.enabled),
    created_at: timestamp(s.created_at),
    updated_at: timestamp(s.updated_at),
  };
}

export function presentCountry(c: Country, embeds: { states?: State[] } = {}): CountryView {
  return {
    id: c.id,
    name: c.name,
    code: c.code,
    code_3: c.code_3,
    enabled: flag(c.enabled),
    created_at: timestamp(c.created_at),
    updated_at: timestamp(c.updated_at),
    ...(embeds.states ? { states: embedded(embeds.states.map(presentState)) } : {}),
  };
}
