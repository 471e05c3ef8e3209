/**
 * What `GET /contracts/products` answers. The server builds it from the products' stored JSON
 * (api/src/contracts/products.rs), not from a Rust type, so it is written here by hand.
 */

import type { Unit } from '../../api/generated/contracts';

/** How a product is offered as a simple contract line (the product's contractSetup). */
export type ContractSetup = {
  type: 'checkbox' | 'number' | 'text' | 'number-text';
  /** For number and number-text: what the number is; null reads as 'amount'. */
  amountType: 'amount' | 'price' | 'amount-price' | null;
  unit: Unit | null;
  /** A checkbox product ticked on a new contract. */
  preSelected: boolean;
};

export type ContractProductVariant = {
  id: string;
  title: string;
  sku: string | null;
  price: number | null;
  active: boolean;
};

/** A product offered on contracts (GET /contracts/products). */
export type ContractProduct = {
  id: string;
  title: string;
  sku: string | null;
  type: 'product' | 'ticket' | 'seat-ticket';
  price: number;
  prePayment: boolean;
  vatExempt: boolean;
  variants: Array<ContractProductVariant>;
  contractSetup: ContractSetup;
};

/** The products of one product category offered on contracts; `isHidden`: hideOnContract. */
export type ProductGroup = {
  category: { id: string; title: string };
  isHidden: boolean;
  products: Array<ContractProduct>;
};
