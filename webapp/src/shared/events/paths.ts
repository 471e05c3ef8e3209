/** Where the events module lives in the back office (spec 2 §2 "Staff routes"). */
export const EVENTS_PATH = '/events';
export const EVENT_TYPES_PATH = '/events/types';

/** The id of a new event's or type's page. */
export const NEW_ID = 'create';

/** An event's page; 'create' is a new one. */
export function eventPath(id: string): string {
  return `${EVENTS_PATH}/${id}`;
}

/** The page of a new sub-event of `parentId`. */
export function newSubEventPath(parentId: string): string {
  return `${eventPath(NEW_ID)}?parentId=${encodeURIComponent(parentId)}`;
}

/** An event type's page; 'create' is a new one. */
export function eventTypePath(id: string): string {
  return `${EVENT_TYPES_PATH}/${id}`;
}
