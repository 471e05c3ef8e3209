/** One change an event made: a field (a dotted path) with its value before and after. */
export interface HistoryChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** One event of an aggregate's history (GET /api/history/{type}/{id}). */
export interface HistoryEntry {
  sequence: number;
  eventType: string;
  eventVersion: string;
  /** RFC 3339. */
  recordedAt: string;
  userId: string | null;
  userName: string | null;
  /** Set when a System Admin acted as the user. */
  impersonatorName: string | null;
  reason: string | null;
  changes: HistoryChange[];
}
