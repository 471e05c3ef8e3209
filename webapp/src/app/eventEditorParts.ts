import { InvitationsTab } from '../features/invitations/InvitationsTab';
import { InviteesCard } from '../features/invitations/InviteesCard';
import { PosTab } from '../features/pos/PosTab';
import { TablePlanTab } from '../features/tablePlans/TablePlanTab';
import { TablesBoard } from '../features/tablePlans/TablesBoard';
import type { EventEditorParts } from '../shared/events/eventEditorParts';

/**
 * The other areas' tabs of the event and type editors (the events area may not import them): the
 * table plan's, the invitations' and the point of sale. The back office's layout fetches this
 * module when an editor first asks for them.
 */
export const eventEditorParts: EventEditorParts = {
  TablePlanTab,
  TablesBoard,
  InviteesCard,
  InvitationsTab,
  PosTab,
};
