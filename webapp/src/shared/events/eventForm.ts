import type {
  CompanyRef,
  ControlType,
  EventExtraInfoType,
  EventInvitees,
  EventNotifications,
  EventSender,
  EventTablePlan,
  EventTicketProduct,
  TypeContractRef,
} from './types';

// The event form's values (Formik's): what the event and type editors hold, and what the other
// areas' tabs of that form bind (the table plan's card settings, the invitations' invitees).

/** The event editor, or the type editor (the same form; only the title is required). */
export type EventFormKind = 'event' | 'type';

/** A ticket product as the form keeps it: money as Danish decimals, times as the inputs show them. */
export interface TicketProductFormValues {
  id: string | null;
  productId: string | null;
  product: EventTicketProduct['product'];
  title: string;
  price: string;
  releaseReservedAt: string;
  maxAmount: string;
  maxCompanyAmount: string;
  nameRequired: boolean;
  public: boolean;
  disableAdditionalTickets: boolean;
  publicPrice: string;
  makePublicAt: string;
  altStartDate: string;
  ticketDescription: string;
}

export interface SponsorFormValues {
  type: string;
  companies: CompanyRef[];
}

export interface ExtraInfoFormValues {
  title: string;
  alias: string;
  type: EventExtraInfoType;
  /** One value per line. */
  values: string;
  multiple: boolean;
  required: boolean;
}

/**
 * 'Pladskort': the chosen chart's key and name, and the limits on a visitor's holds (empty: the
 * server's defaults); the rest of the stored seating is kept.
 */
export interface SeatingFormValues {
  chartId: string | null;
  name: string | null;
  maxSeatsPerSession: string;
  maxSessionsPerVisitor: string;
}

/** A type's Relationer as the form keeps them: the chosen companies and contracts, by name. */
export interface TypeRelationsFormValues {
  companies: CompanyRef[];
  contracts: TypeContractRef[];
}

export interface EventFormValues {
  typeId: string | null;
  ownerId: string | null;
  title: string;
  url: string;
  location: string;
  description: string;
  privateDescription: string;
  ticketDescription: string;
  terms: string;
  maxSignups: string;
  maxCompanySignups: string;
  bannerPicture: string | null;
  bannerPictureFile: File | null;
  bannerBottom: string | null;
  bannerBottomFile: File | null;
  inviteAttachment: string | null;
  inviteAttachmentName: string | null;
  inviteAttachmentFile: File | null;
  private: boolean;
  businessOnly: boolean;
  promote: boolean;
  showParticipants: boolean;
  hasTickets: boolean;
  hasSeating: boolean;
  hasSponsors: boolean;
  hasTables: boolean;
  seating: SeatingFormValues;
  activeDate: string | null;
  /** `datetime-local` values in the user's time zone; '' for none. */
  startDate: string;
  endDate: string;
  signUpStart: string;
  signUpPublic: string;
  signUpDeadline: string;
  sponsors: SponsorFormValues[];
  extraInfo: ExtraInfoFormValues[];
  sender: EventSender;
  notifications: EventNotifications;
  tickets: {
    controlType: ControlType;
    template: string | null;
    ticketLogo: string | null;
    ticketPicture: string | null;
    products: TicketProductFormValues[];
  };
  ticketLogoFile: File | null;
  ticketPictureFile: File | null;
  tablePlan: Pick<EventTablePlan, 'cardFormat' | 'cardOrientation'>;
  /** Whom 'Opret invitationer' invites (an event) or a new event of the type starts with. */
  invitees: EventInvitees;
  /** A type's Relationer (an event's relations have their own calls; its save leaves these out). */
  relations: TypeRelationsFormValues;
}
