import { useAppSession, type ClientModule, type SessionUser } from '../api/appApi';

export type ModuleAction = 'read' | 'manage';

/**
 * May `user` do `action` on `module` at the current club? The server's rule (`Staff::authorize`):
 * the club has the module on, and the user is the club's admin or the last of their ACL items that
 * names the action (manage includes read) and the module (or 'all') is not inverted. The server
 * decides every call; this only hides what it would refuse.
 */
export function canAccess(
  user: SessionUser | null,
  modules: ClientModule[],
  action: ModuleAction,
  module: string,
): boolean {
  if (!user || !modules.some((candidate) => candidate.alias === module)) return false;
  if (user.admin) return true;
  const grants = (given: string) => given === 'manage' || given === action;
  const item = [...user.acl]
    .reverse()
    .find(
      (rule) =>
        rule.action.some(grants) &&
        rule.subject.some(
          (subject) => subject === 'all' || subject.toLowerCase() === module.toLowerCase(),
        ),
    );
  return item !== undefined && !item.inverted;
}

/** `canAccess` for the logged-in user at the current club. */
export function useCanAccess(action: ModuleAction, module: string): boolean {
  const { user, modules } = useAppSession();
  return canAccess(user, modules, action, module);
}
