/**
 * An event's invites (spec 2 §3 Invite), as the server's generated types
 * (`src/api/generated/events.ts`) name them.
 */

import type * as api from '../../api/generated/events';

/** `GET /events/{id}/invites`: the invites by company and by contact list (spec 2 §3 Invite). */
export type EventInvites = api.EventInvites;
export type InviteGroup = api.InviteGroup;
export type Invite = api.Invite;
export type InviteProduct = api.InviteProduct;
export type InviteSelection = api.InviteSelection;
export type InvitesCreated = api.InvitesCreated;
export type InvitesQueued = api.InvitesQueued;
export type InviteProductInput = api.InviteProductInput;
export type InviteGroupProducts = api.InviteGroupProducts;
export type InviteGroupInput = api.InviteGroupInput;
