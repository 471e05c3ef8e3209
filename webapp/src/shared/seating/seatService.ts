import { useCanAccess } from '../access';

/**
 * Seat picking appears only when the club has the seat service (spec 3 §4). Tribune's seat engine
 * belongs to the events module (api/src/seats: MODULE = "events") and no client feature names it,
 * so the service is on when the user may read the club's events, whose list the dialog offers.
 */
export function useSeatService(): boolean {
  return useCanAccess('read', 'events');
}
