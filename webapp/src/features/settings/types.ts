/** Settings and administration (spec 1 §3 Session user, Client, Client module, Module, Job). */

export interface UserDetail {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  mobile: string | null;
  about: string | null;
  linkedin: string | null;
  title: string | null;
  signature: string | null;
  picture: string | null;
  emailConfirmed: boolean;
  superAdmin: boolean;
}

export interface ClubUser extends UserDetail {
  role: string | null;
  accepted: boolean;
}

export interface Role {
  name: string;
  alias: string;
}

export interface UserMembership {
  clientId: string;
  clientName: string;
  role: string | null;
  accepted: boolean;
  systemUser: boolean;
  roles: Role[];
}

export interface SystemUser extends UserDetail {
  clients: UserMembership[];
}

export interface EmailCheck {
  status: 'new' | 'invite' | 'member';
  allowed: boolean;
  message: string;
  user: { id: string; firstname: string; lastname: string } | null;
}

export interface UserRow {
  Id: string;
  Firstname: string;
  Lastname: string;
  Email: string;
  EmailConfirmed?: boolean;
  Role?: string | null;
}

export interface ClientRow {
  Id: string;
  Name: string;
  Active: boolean;
}

export interface AclItem {
  subject: string[];
  action: string[];
  inverted: boolean;
  fields: string[];
}

export interface AclRule {
  id?: string;
  name: string;
  userACL: AclItem[];
}

export interface FeatureSetting {
  name: string;
  public: boolean;
  values: string[];
}

export interface ModuleFeature {
  name: string;
  alias: string;
  settings: FeatureSetting[];
}

export interface ModuleChoice {
  route?: string;
  name?: string;
  values: string[];
}

export interface ModuleDefinition {
  id: string;
  name: string;
  alias: string;
  url: string;
  icon: string;
  sorting: number;
  features: ModuleFeature[];
  views: { route: string; values: string[] }[];
  components: { name: string; values: string[] }[];
  aclRules: AclRule[];
}

export interface ModuleRow {
  Id: string;
  Name: string;
  Alias: string;
  Url: string;
  Icon: string;
  Sorting: number;
}

export interface ClientModule {
  moduleId: string;
  alias: string;
  moduleName: string;
  icon: string;
  name: string | null;
  active: boolean;
  sorting?: number;
  customEndpoint: string | null;
  customViews: Record<string, string>;
  customComponents: Record<string, string>;
  roleAcls: { ruleId: string; role: string }[];
  features: Record<string, Record<string, string>>;
}

export interface ClientDetail {
  id: string;
  name: string;
  active: boolean;
  roles: Role[];
  modules: ClientModule[];
}

export interface JobRow {
  Id: string;
  Description: string;
  ScheduledDate: string;
  ClientId: string | null;
  ClientName: string | null;
  Succeeded: boolean;
  Pending: boolean;
  Error: string | null;
}

export interface JobDetail {
  job: {
    id: string;
    description: string;
    method: string;
    methodType: string;
    arguments: unknown;
    collection: string | null;
    relationId: string | null;
    message: string | null;
    error: string | null;
    succeeded: boolean;
    pending: boolean;
    clientName: string | null;
  };
  history: { createdAt: string; stateName: string; reason: string | null; data: unknown }[];
}

export type JobStatus = 'Succeeded' | 'Error' | 'Pending';

/** The badge rules of spec 1 §2 Jobs. */
export function jobStatus(job: {
  Succeeded: boolean;
  Pending: boolean;
  Error: string | null;
}): JobStatus {
  if (job.Succeeded && !job.Pending) return 'Succeeded';
  if (job.Error) return 'Error';
  return 'Pending';
}

export interface SettingsSection {
  name: string;
  module: string;
  enabled: boolean;
}

export interface ClubSettings {
  id: string;
  /** The version it was read with: the settings form sends it back with the save (stale: 409). */
  version: number;
  name: string;
  url: string | null;
  address: string | null;
  zipCode: string | null;
  city: string | null;
  cvr: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  contact: string | null;
  ownDesignation: string | null;
  senderEmail: string | null;
  bankReg: string | null;
  bankAccount: string | null;
  pricesWithVat: boolean;
  disableVat: boolean;
  logo: string | null;
  apiKeys: { name: string; key: string }[];
  settings: Record<string, Record<string, unknown>>;
  sections: SettingsSection[];
  roles: Role[];
  canEditUrl: boolean;
}

export interface Reference {
  number: number | string;
  name: string;
}
