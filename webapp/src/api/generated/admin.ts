// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { JsonValue } from './orders';

export type UserDetail = { id: string, email: string, firstname: string, lastname: string, phone: string | null, mobile: string | null, about: string | null, linkedin: string | null, title: string | null, signature: string | null, picture: string | null, emailConfirmed: boolean, superAdmin: boolean, };

export type UserListRow = { Id: string, Firstname: string, Lastname: string, Email: string, EmailConfirmed: boolean, SuperAdmin: boolean, };

export type Role = { name: string, alias: string, };

export type UserMembership = { clientId: string, clientName: string, role: string | null, accepted: boolean, systemUser: boolean, 
/**
 * The club's roles (stored as JSON).
 */
roles: Array<Role>, };

export type SystemUser = { clients: Array<UserMembership>, id: string, email: string, firstname: string, lastname: string, phone: string | null, mobile: string | null, about: string | null, linkedin: string | null, title: string | null, signature: string | null, picture: string | null, emailConfirmed: boolean, superAdmin: boolean, };

export type ClubUserRow = { Id: string, Firstname: string, Lastname: string, Email: string, Role: string | null, Accepted: boolean, };

export type ClubUser = { role: string | null, accepted: boolean, id: string, email: string, firstname: string, lastname: string, phone: string | null, mobile: string | null, about: string | null, linkedin: string | null, title: string | null, signature: string | null, picture: string | null, emailConfirmed: boolean, superAdmin: boolean, };

export type EmailCheckStatus = "new" | "invite" | "member";

export type EmailCheckUser = { id: string, firstname: string, lastname: string, };

export type EmailCheck = { status: EmailCheckStatus, 
/**
 * Whether the other fields may be filled and the form saved.
 */
allowed: boolean, message: string, 
/**
 * The user who has the address already.
 */
user: EmailCheckUser | null, };

export type ClientListRow = { Id: string, Name: string, Active: boolean, };

export type RoleAcl = { ruleId: string, role: string, };

export type ClientModuleRow = { moduleId: string, 
/**
 * The catalogue's alias, name and icon, for the module cards.
 */
alias: string, moduleName: string, icon: string, name: string | null, active: boolean, sorting: number, customEndpoint: string | null, 
/**
 * View route → the chosen value.
 */
customViews: Record<string, string>, 
/**
 * Component name → the chosen value.
 */
customComponents: Record<string, string>, roleAcls: Array<RoleAcl>, 
/**
 * Feature alias → setting name → the chosen value.
 */
features: Record<string, Record<string, string>>, };

export type ClientDetail = { id: string, name: string, active: boolean, roles: Array<Role>, modules: Array<ClientModuleRow>, };

export type AclItem = { subject: Array<string>, action: Array<string>, inverted: boolean, fields: Array<string>, };

export type AclRule = { id: string, name: string, userACL: Array<AclItem>, };

export type FeatureSetting = { name: string, public: boolean, values: Array<string>, };

export type ModuleFeature = { name: string, alias: string, settings: Array<FeatureSetting>, };

export type ModuleView = { route: string, values: Array<string>, };

export type ModuleComponent = { name: string, values: Array<string>, };

export type ModuleDefinition = { id: string, name: string, alias: string, url: string, icon: string, sorting: number, features: Array<ModuleFeature>, views: Array<ModuleView>, components: Array<ModuleComponent>, aclRules: Array<AclRule>, };

export type ModuleListRow = { Id: string, Name: string, Alias: string, Url: string, Icon: string, Sorting: number, };

export type JobListRow = { Id: string, Description: string, ScheduledDate: string, ClientId: string | null, ClientName: string | null, Succeeded: boolean, Pending: boolean, Error: string | null, };

export type JobDetail = { id: string, description: string, method: string, methodType: string, 
/**
 * The job's arguments; a mail's only as `{to, subject}`.
 */
arguments: JsonValue, collection: string | null, relationId: string | null, message: string | null, error: string | null, scheduledAt: string, clientId: string | null, clientName: string | null, attempts: number, succeeded: boolean, pending: boolean, };

export type JobHistoryRow = { createdAt: string, stateName: string, reason: string | null, data: JsonValue, };

export type JobView = { job: JobDetail, history: Array<JobHistoryRow>, };

export type ClubSettingsFields = { id: string, name: string, url: string | null, address: string | null, zipCode: string | null, city: string | null, cvr: string | null, email: string | null, phone: string | null, website: string | null, contact: string | null, ownDesignation: string | null, senderEmail: string | null, bankReg: string | null, bankAccount: string | null, pricesWithVat: boolean, disableVat: boolean, logo: string | null, apiKeys: Array<{ name: string, key: string }>, 
/**
 * Section → key → value.
 */
settings: Record<string, Record<string, unknown>>, };

export type SettingsSection = { name: string, module: string, enabled: boolean, };

export type ClubSettings = { 
/**
 * The version it was read with: the settings form sends it back with the save (stale: 409).
 */
version: number, sections: Array<SettingsSection>, roles: Array<Role>, canEditUrl: boolean, id: string, name: string, url: string | null, address: string | null, zipCode: string | null, city: string | null, cvr: string | null, email: string | null, phone: string | null, website: string | null, contact: string | null, ownDesignation: string | null, senderEmail: string | null, bankReg: string | null, bankAccount: string | null, pricesWithVat: boolean, disableVat: boolean, logo: string | null, apiKeys: Array<{ name: string, key: string }>, 
/**
 * Section → key → value.
 */
settings: Record<string, Record<string, unknown>>, };

export type ImportChoices = { teams: Array<{ id: string, name: string }>, roles: Array<string>, };

export type ImportInput = { importTeamLists: Array<string> | null, importRoleLists: Array<string> | null, };

export type ImportSummary = { created: number, updated: number, lists: number, };

export type Reference = { number: number | string, name: string, };
