/** An event as the public event list returns it (GET {events}?promoted&limit). */
export interface EventCard {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  startDate: string;
  banner: string | null;
  /** The event's url slug: the public event page is /events/{url}. */
  url: string;
  /** Staff cancelled it: the card says 'Aflyst'. */
  cancelled: boolean;
}

export type TermsKind = 'terms' | 'subscription-terms';
