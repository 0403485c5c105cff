import { ApiKey } from '../modules/api-keys/api-key.entity.js';
import { CustomFieldDefinition } from '../modules/custom-fields/custom-field-definition.entity.js';
import { Country } from '../modules/geography/country.entity.js';
import { State } from '../modules/geography/state.entity.js';

/** Every mapped entity; the schema test proves the migrations create exactly these. */
export const ENTITIES = [ApiKey, Country, State, CustomFieldDefinition];
