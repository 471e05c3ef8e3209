/** Where the contracts live in the back office. */
export const CONTRACTS_PATH = '/orders/contracts';

/** A contract's page; 'create' is a new one. */
export function contractPath(id: string): string {
  return `${CONTRACTS_PATH}/${id}`;
}
