/** Settings and administration (spec 1 §3 Session user, Client, Client module, Module, Job). The
 * server's types are generated from the Rust types (src/api/generated/admin.ts). */
export type {
  AclItem,
  AclRule,
  ClientDetail,
  ClientListRow,
  ClientModuleRow,
  ClubSettings,
  ClubUser,
  ClubUserRow,
  EmailCheck,
  FeatureSetting,
  ImportChoices,
  ImportInput,
  ImportSummary,
  JobDetail,
  JobListRow,
  JobView,
  ModuleDefinition,
  ModuleFeature,
  ModuleListRow,
  Reference,
  Role,
  SettingsSection,
  SystemUser,
  UserDetail,
  UserListRow,
  UserMembership,
} from '../../api/generated/admin';

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
