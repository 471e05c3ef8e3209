// Generated from the Rust types by api/src/generated_types.rs; do not edit.

export type ChainProblem = "sequence" | "hash" | "missing";

export type BrokenEvent = { sequence: number, 
/**
 * The event's type, as the history names it.
 */
eventType: string, problem: ChainProblem, };

export type ChainVerdict = { valid: boolean, 
/**
 * The events whose links hold (all of them when the chain is whole).
 */
events: number, brokenAt: BrokenEvent | null, };

export type FieldDiff = { field: string, old: unknown, new: unknown, };

export type LineDiffKind = "added" | "removed" | "changed";

export type LineDiff = { 
/**
 * The list's path in the record ('lines', 'payments').
 */
list: string, id: string, kind: LineDiffKind, 
/**
 * The whole line before (null when added) and after (null when removed).
 */
old: Record<string, unknown> | null, new: Record<string, unknown> | null, 
/**
 * A changed line's fields.
 */
changes: Array<FieldDiff>, };

export type VersionDiff = { from: number, to: number, changes: Array<FieldDiff>, lines: Array<LineDiff>, };

export type ChainCheckStatus = "queued" | "running" | "done" | "failed";

export type ChainBreak = { 
/**
 * The `{type}` of its history (`order`, `contract`, `invoice` …).
 */
recordType: string, recordId: string, sequence: number, eventType: string, problem: ChainProblem, };

export type ChainCheck = { id: string, status: ChainCheckStatus, 
/**
 * The club's records when the check was asked for.
 */
recordsTotal: number, recordsChecked: number, eventsChecked: number, 
/**
 * Records whose chain breaks; `broken` lists the first 100.
 */
brokenRecords: number, broken: Array<ChainBreak>, 
/**
 * The broken records' names ('Ordre 1042'): id → kind and name.
 */
names: { [key in string]?: RecordName }, error: string | null, createdAt: string, finishedAt: string | null, };

export type NameKind = "company" | "contact" | "user" | "product" | "eventProduct" | "event" | "eventType" | "season" | "orderCategory" | "productCategory" | "invoiceGroup" | "customField" | "contactList" | "discountCode" | "order" | "contract" | "invoice" | "subscription" | "ticket";

export type RecordName = { kind: NameKind, name: string, };

export type ExportSignature = { algorithm: string, 
/**
 * The first 16 hex digits of the public key's SHA-256.
 */
keyId: string, value: string, };

export type SignedExport = { document: unknown, signature: ExportSignature, };

export type ExportKey = { algorithm: string, keyId: string, 
/**
 * The 32 bytes of the Ed25519 public key, base64.
 */
publicKey: string, };

export type ExportVerdict = { valid: boolean, 
/**
 * What the file says it is ('tribune.audit-period', 'tribune.record-history').
 */
kind: string | null, keyId: string, };
