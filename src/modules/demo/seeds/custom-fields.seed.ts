import type { EntityManager } from 'typeorm';
import type { CustomFieldDefinition } from '../../custom-fields/custom-field-definition.entity.js';
import { demoRepository as demo } from '../demo.repository.js';

const DEFINITIONS: Partial<CustomFieldDefinition>[] = [
  {
    name: 'gift_wrap',
    label: 'Gift wrap',
    entity: 'cart',
    type: 'select',
    options: ['none', 'paper', 'box'],
    default_value: 'none',
    description: 'How the item is wrapped.',
  },
  { name: 'origin', label: 'Origin', entity: 'product', type: 'string', description: 'Where the product comes from.' },
];

/** A cart field a quote item can set (`gift_wrap`) and a product field (`origin`); definitions whose name is taken are left alone. */
export async function seedCustomFields(m: EntityManager): Promise<string> {
  await demo.insertCustomFieldDefinitionsIfMissing(m, DEFINITIONS);
  return `Custom fields: ${await demo.countCustomFieldDefinitions(m)} definitions present.`;
}
