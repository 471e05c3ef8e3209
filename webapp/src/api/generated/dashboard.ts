// Generated from the Rust types by api/src/generated_types.rs; do not edit.

export type PlannedInvoiceRow = { contractId: string, contractNumber: number, planKey: string, 
/**
 * The company's name, else the contact's.
 */
company: string | null, 
/**
 * Øre without VAT.
 */
amount: number, category: string | null, invoiceDate: string, };

export type Chart = { year: number, labels: Array<string>, series: number[], total: number, };

export type LeadRow = { id: string, name: string, owner: string | null, followUpDate: string, };
