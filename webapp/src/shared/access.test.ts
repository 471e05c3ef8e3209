import { describe, expect, it } from 'vitest';
import type { AclRule } from '../api/appApi';
import { adminUser, modules, staffUser } from '../test/fixtures';
import { canAccess } from './access';

const rule = (subject: string, action: 'read' | 'manage', inverted = false): AclRule => ({
  subject: [subject],
  action: [action],
  inverted,
  fields: ['*'],
});

const staffWith = (...acl: AclRule[]) => ({ ...staffUser, acl });

describe('module access as the server decides it', () => {
  it('lets manage include read, but not read include manage', () => {
    expect(canAccess(staffWith(rule('companies', 'manage')), modules, 'read', 'companies')).toBe(
      true,
    );
    expect(canAccess(staffWith(rule('companies', 'read')), modules, 'manage', 'companies')).toBe(
      false,
    );
  });

  it("grants 'all' and lets a later inverted rule deny", () => {
    expect(canAccess(staffWith(rule('all', 'manage')), modules, 'manage', 'contacts')).toBe(true);
    expect(
      canAccess(
        staffWith(rule('all', 'manage'), rule('contacts', 'manage', true)),
        modules,
        'read',
        'contacts',
      ),
    ).toBe(false);
  });

  it("refuses a module the club has not, even to its admin, and nobody's without a user", () => {
    expect(canAccess(adminUser, modules, 'manage', 'companies')).toBe(true);
    expect(canAccess(adminUser, modules, 'read', 'orders')).toBe(false);
    expect(canAccess(null, modules, 'read', 'companies')).toBe(false);
    expect(canAccess(staffWith(), modules, 'read', 'companies')).toBe(false);
  });
});
