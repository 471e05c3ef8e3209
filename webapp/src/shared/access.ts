import { useCallback, useMemo } from 'react';
import { useAppSession, type AclRule, type ClientModule, type SessionUser } from '../api/appApi';

export type ModuleAction = 'read' | 'manage';

const everyField = (rule: AclRule) => rule.fields.length === 0 || rule.fields.includes('*');
const namesModule = (rule: AclRule, module: string) =>
  rule.subject.some(
    (subject) => subject === 'all' || subject.toLowerCase() === module.toLowerCase(),
  );

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
  const item = [...user.acl].reverse().find(
    (rule) =>
      rule.action.some(grants) &&
      namesModule(rule, module) &&
      // An inverted rule that names fields denies those fields only (spec 1 §6).
      (!rule.inverted || everyField(rule)),
  );
  return item !== undefined && !item.inverted;
}

/** `canAccess` for the logged-in user at the current club. */
export function useCanAccess(action: ModuleAction, module: string): boolean {
  const { user, modules } = useAppSession();
  return canAccess(user, modules, action, module);
}

/** The fields of a module the user may not read (`hidden`) or not change (`locked`, hidden too). */
export interface FieldRules {
  hidden: string[];
  locked: string[];
}

function canField(acl: AclRule[], action: ModuleAction, module: string, field: string): boolean {
  const grants = (given: string) => given === 'manage' || given === action;
  const item = [...acl]
    .reverse()
    .find(
      (rule) =>
        rule.action.some(grants) &&
        namesModule(rule, module) &&
        (everyField(rule) || rule.fields.includes(field)),
    );
  return item !== undefined && !item.inverted;
}

/**
 * The field rules of spec 1 §6 as the server reads them (`identity::acl::field_rules`): only
 * fields a rule names can differ from the module's own right; an admin has none.
 */
export function fieldRules(user: SessionUser | null, module: string): FieldRules {
  const rules: FieldRules = { hidden: [], locked: [] };
  if (!user || user.admin) return rules;
  const named = new Set(
    user.acl
      .filter((rule) => namesModule(rule, module))
      .flatMap((rule) => rule.fields)
      .filter((field) => field !== '*'),
  );
  for (const field of [...named].sort()) {
    const hidden = !canField(user.acl, 'read', module, field);
    if (hidden) rules.hidden.push(field);
    if (hidden || !canField(user.acl, 'manage', module, field)) rules.locked.push(field);
  }
  return rules;
}

/**
 * Whether a rule's `field` names the key path `path` ('contractLines.price'): its dotted names
 * end the path, so 'price' names every price and 'contractLines.price' only the lines' ones.
 */
export function namesField(fields: string[], path: string): boolean {
  const keys = path.split('.');
  return fields.some((field) => {
    const names = field.split('.');
    return (
      names.length <= keys.length &&
      names.every((name, i) => keys[keys.length - names.length + i] === name)
    );
  });
}

/** `value` without the `hidden` fields, as the server leaves them out of its answers. */
export function withoutFields<T>(value: T, hidden: string[], path: string[] = []): T {
  if (hidden.length === 0) return value;
  if (Array.isArray(value))
    return value.map((item: unknown) => withoutFields(item, hidden, path)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !namesField(hidden, [...path, key].join('.')))
      .map(([key, child]) => [key, withoutFields(child as unknown, hidden, [...path, key])]),
  ) as T;
}

/** `fieldRules` for the logged-in user. */
export function useFieldRules(module: string): FieldRules {
  const { user } = useAppSession();
  return useMemo(() => fieldRules(user, module), [user, module]);
}

/**
 * What an editor of `module` sends to save: its payload without the fields the role may not
 * read, which the editor never had (the server keeps what it holds for them).
 */
export function useWithoutHidden(module: string): <T>(payload: T) => T {
  const { hidden } = useFieldRules(module);
  return useCallback(<T>(payload: T) => withoutFields(payload, hidden), [hidden]);
}
