/** The kinds of a customer's address (without the entity, so a request class's thread loads no mapping). */
export const ADDRESS_KINDS = ['shipping', 'billing'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
