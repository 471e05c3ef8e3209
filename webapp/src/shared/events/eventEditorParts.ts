import {
  createContext,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { EventFormKind } from './eventForm';
import type { EventTicketProduct } from './types';

/**
 * The tabs of the event and type editors that other areas draw (issue 38 §7): the table plan's
 * (its cards' settings in the form and a saved event's tables), the invitations' (whom the form
 * invites and a saved event's invites) and the point of sale. Areas never import each other, so
 * the events area names what it shows here and the app hands in the other areas' components
 * (src/app/eventEditorParts.ts).
 */
export interface EventEditorParts {
  /** Bordplan: the table cards' settings, bound to the form; below them `children`. */
  TablePlanTab: ComponentType<{ children?: ReactNode }>;
  /** A saved event's tables and the guests at none. */
  TablesBoard: ComponentType<{ eventId: string }>;
  /** Whom a type invites, bound to the form (a saved event's are in its InvitationsTab). */
  InviteesCard: ComponentType<{ kind: EventFormKind }>;
  /** Invitationer of a saved event; an invite's products are its ticket products. */
  InvitationsTab: ComponentType<{ eventId: string; ticketProducts: EventTicketProduct[] }>;
  /** Billetsalg: the desk's point of sale of a saved event. */
  PosTab: ComponentType<{ eventId: string }>;
}

/**
 * How the app hands the parts in: their code is fetched when an editor first asks for it, so the
 * editor's own code does not carry them and the public site never loads them.
 */
export interface EventEditorPartsLoader {
  /** The parts once their code has come; null before. */
  loaded: () => EventEditorParts | null;
  /** Fetches the parts' code; every call answers the same promise. */
  load: () => Promise<EventEditorParts>;
}

/** The app's loader of the parts, provided around the back office's pages. */
export const EventEditorPartsContext = createContext<EventEditorPartsLoader | null>(null);

/**
 * The parts, fetched on the editor's first showing: null until their code has come (the editor
 * shows its preloader meanwhile, as it does while it reads the event). A failed fetch goes to the
 * error boundary, as a page's does.
 */
export function useEventEditorParts(): EventEditorParts | null {
  const loader = useContext(EventEditorPartsContext);
  if (!loader) throw new Error('The event editor needs the app to provide its parts.');
  const [parts, setParts] = useState(loader.loaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (parts) return;
    let shown = true;
    loader.load().then(
      (loaded) => shown && setParts(loaded),
      (error: unknown) => shown && setFailure({ error }),
    );
    return () => {
      shown = false;
    };
  }, [loader, parts]);
  if (failure) throw failure.error;
  return parts;
}
