import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput } from './guard';

const staffAtDemoFc: GuardInput = {
  route: {},
  publicMode: false,
  hasClient: true,
  loggedIn: true,
  clientModules: ['dashboard', 'companies', 'contacts'],
  previousPath: '/contacts',
};

const anonymousWithoutClub: GuardInput = {
  route: {},
  publicMode: true,
  hasClient: false,
  loggedIn: false,
  clientModules: [],
  previousPath: null,
};

describe('the router guard, in the spec order', () => {
  it('1. lets public routes pass, whoever asks', () => {
    expect(decideRoute({ ...anonymousWithoutClub, route: { public: true } })).toEqual({
      kind: 'pass',
    });
    expect(decideRoute({ ...staffAtDemoFc, route: { public: true, module: 'events' } })).toEqual({
      kind: 'pass',
    });
  });

  it('1. treats home as the public home in public mode', () => {
    expect(decideRoute({ ...anonymousWithoutClub, route: { name: 'home' } })).toEqual({
      kind: 'pass',
    });
  });

  it('1. lets the public page of a staff path pass in public mode only', () => {
    const events = { module: 'events', publicInPublicMode: true };
    expect(decideRoute({ ...anonymousWithoutClub, route: events })).toEqual({ kind: 'pass' });
    expect(
      decideRoute({ ...staffAtDemoFc, publicMode: true, loggedIn: false, route: events }),
    ).toEqual({ kind: 'pass' });
    expect(decideRoute({ ...staffAtDemoFc, loggedIn: false, route: events })).toEqual({
      kind: 'back',
      to: '/contacts',
    });
    expect(
      decideRoute({
        ...staffAtDemoFc,
        loggedIn: false,
        clientModules: ['events'],
        route: events,
      }),
    ).toEqual({ kind: 'login' });
  });

  it('2. sends a visitor without a client to the login', () => {
    expect(decideRoute({ ...anonymousWithoutClub, route: { module: 'companies' } })).toEqual({
      kind: 'login',
    });
    expect(
      decideRoute({ ...staffAtDemoFc, hasClient: false, route: { module: 'companies' } }),
    ).toEqual({
      kind: 'login',
    });
  });

  it('3. sends a route of a module the client lacks back to the previous path', () => {
    expect(decideRoute({ ...staffAtDemoFc, route: { module: 'events' } })).toEqual({
      kind: 'back',
      to: '/contacts',
    });
    expect(
      decideRoute({ ...staffAtDemoFc, previousPath: null, route: { module: 'events' } }),
    ).toEqual({ kind: 'back', to: '/' });
  });

  it('3. never applies the module rule to home', () => {
    expect(
      decideRoute({
        ...staffAtDemoFc,
        clientModules: [],
        route: { name: 'home', module: 'dashboard' },
      }),
    ).toEqual({ kind: 'pass' });
  });

  it('3 before 4: a missing module is checked before the login', () => {
    const anonymousAtClub = {
      ...anonymousWithoutClub,
      hasClient: true,
      clientModules: ['companies'],
    };
    expect(decideRoute({ ...anonymousAtClub, route: { module: 'events' } })).toEqual({
      kind: 'back',
      to: '/',
    });
    expect(decideRoute({ ...anonymousAtClub, route: { module: 'companies' } })).toEqual({
      kind: 'login',
    });
  });

  it('4. sends an anonymous visitor of a staff route to the login', () => {
    expect(
      decideRoute({ ...staffAtDemoFc, loggedIn: false, publicMode: true, route: { name: 'home' } }),
    ).toEqual({ kind: 'pass' });
    expect(
      decideRoute({ ...staffAtDemoFc, loggedIn: false, route: { module: 'companies' } }),
    ).toEqual({
      kind: 'login',
    });
  });

  it('lets staff into their modules and the back-office home', () => {
    expect(decideRoute({ ...staffAtDemoFc, route: { module: 'companies' } })).toEqual({
      kind: 'pass',
    });
    expect(decideRoute({ ...staffAtDemoFc, route: { name: 'home' } })).toEqual({ kind: 'pass' });
    expect(decideRoute({ ...staffAtDemoFc, route: { name: 'settings' } })).toEqual({
      kind: 'pass',
    });
  });

  it('sends a logged-in customer away from the back office to the public home', () => {
    expect(
      decideRoute({ ...staffAtDemoFc, publicMode: true, route: { module: 'companies' } }),
    ).toEqual({ kind: 'back', to: '/' });
  });
});
