import { describe, expect, it } from 'vitest';
import type { AclRule } from '../api/appApi';
import { adminUser, modules, staffUser } from '../test/fixtures';
import { canAccess, fieldRules, namesField, withoutFields } from './access';

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

describe('field rules as the server reads them (spec 1 §6)', () => {
  const fieldRule = (action: 'read' | 'manage', fields: string[]): AclRule => ({
    subject: ['companies'],
    action: [action],
    inverted: true,
    fields,
  });

  it('hides what the role may not read and locks what it may not change, only on the fields named', () => {
    const reader = staffWith(rule('companies', 'manage'), fieldRule('read', ['price']));
    expect(fieldRules(reader, 'companies')).toEqual({ hidden: ['price'], locked: ['price'] });
    expect(canAccess(reader, modules, 'manage', 'companies')).toBe(true);
    // As in CASL, denying manage denies read too; a later read grant makes the field read-only.
    const viewer = staffWith(rule('companies', 'manage'), fieldRule('manage', ['discount']), {
      ...rule('companies', 'read'),
      fields: ['discount'],
    });
    expect(fieldRules(viewer, 'companies')).toEqual({ hidden: [], locked: ['discount'] });
    expect(fieldRules(viewer, 'contacts')).toEqual({ hidden: [], locked: [] });
    expect(fieldRules({ ...adminUser, acl: reader.acl }, 'companies')).toEqual({
      hidden: [],
      locked: [],
    });
  });

  it('names a key wherever it is, and a dotted name only under its parent', () => {
    expect(namesField(['price'], 'contractLines.price')).toBe(true);
    expect(namesField(['contractLines.price'], 'contractLines.price')).toBe(true);
    expect(namesField(['contractLines.price'], 'orderLines.price')).toBe(false);
    expect(
      withoutFields(
        { orderDiscount: 5, contractLines: [{ title: 'A', price: 1, options: [{ price: 2 }] }] },
        ['price', 'orderDiscount'],
      ),
    ).toEqual({ contractLines: [{ title: 'A', options: [{}] }] });
  });
});
