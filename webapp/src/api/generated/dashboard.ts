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

export type ChosenBy = "user" | "club" | "default";

export type EventsWidget = { promoted: boolean, limit: number, };

export type DashboardWidgets = { 
/**
 * What the home shows the caller, in order: the choice less what the role may not read.
 */
shown: Array<string>, 
/**
 * The choice the home follows (the user's own, else the club's, else the eight).
 */
chosen: Array<string>, chosenBy: ChosenBy, 
/**
 * The club's choice (the eight when it made none): what 'Brug klubbens valg' goes back to.
 */
club: Array<string>, 
/**
 * Every widget the caller may be shown, in the home's order: the customise dialog's choices.
 */
available: Array<string>, events: EventsWidget, };

export type WidgetChoice = { widgets: Array<string> | null, };
