/** The editor's tabs (spec 2 §2 "Staff event editor"), keyed 10 … 90. */
export const EVENT_TAB = 10;
export const TICKETS_TAB = 20;
/** The type editor's 'Bordplan' (the event editor's is 40). */
export const TYPE_TABLE_PLAN_TAB = 30;
/** The event editor's 'Planoversigt': the saved event's seat chart with each seat's state. */
export const SEATING_TAB = 30;
/** The event editor's 'Bordplan': the table cards' settings and, once saved, the tables. */
export const TABLE_PLAN_TAB = 40;
/** Invitationer: the saved event's invitees and its invites. */
export const INVITATIONS_TAB = 50;
/** The type editor's 'Invitationer': whom a new event of the type invites. */
export const TYPE_INVITATIONS_TAB = 40;
/** Tilmeldte: the saved event's attendees, its figures and the door's scanning. */
export const ATTENDEES_TAB = 60;
export const RELATIONS_TAB = 70;
export const NOTES_TAB = 80;
/** Billetsalg: the desk's point of sale for the saved event's tickets and goods; it has no 'Gem'. */
export const POS_TAB = 90;
