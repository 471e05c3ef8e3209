import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ClientConfig, ClientModule, ClientRef, SessionUser } from '../api/appApi';
import { clubs } from './fixtures';

export const server = setupServer();

/** Who is logged in at which club, as the start-up calls answer it. */
export interface SessionScenario {
  user?: SessionUser;
  clients?: ClientRef[];
  client?: ClientConfig;
  modules?: ClientModule[];
  /** Defaults to true without a system user. */
  isFrontend?: boolean;
}

const unauthorized = () =>
  HttpResponse.json({ success: false, error: 'Du skal logge ind' }, { status: 401 });

/**
 * Handlers for GET /api/app, /api/user, /api/app/client, /api/app/modules, the public club list and
 * the public events. Pass a function to change the session during a test (e.g. at login).
 */
export function sessionHandlers(given: SessionScenario | (() => SessionScenario) = {}) {
  const current = typeof given === 'function' ? given : () => given;
  const isFrontendOf = (scenario: SessionScenario) => scenario.isFrontend ?? !scenario.user;
  return [
    http.get('/api/app', () =>
      HttpResponse.json({ success: true, result: { isFrontend: isFrontendOf(current()) } }),
    ),
    http.get('/api/user', () => {
      const scenario = current();
      return scenario.user
        ? HttpResponse.json({
            success: true,
            result: scenario.user,
            data: { clients: scenario.clients ?? [] },
          })
        : unauthorized();
    }),
    http.get('/api/app/client', () => {
      const scenario = current();
      return scenario.client
        ? HttpResponse.json({
            success: true,
            result: { ...scenario.client, isFrontend: isFrontendOf(scenario) },
          })
        : HttpResponse.json({ success: false, error: 'Ikke fundet' }, { status: 404 });
    }),
    http.get('/api/app/modules', () => {
      const scenario = current();
      return HttpResponse.json({
        success: true,
        result: scenario.client ? (scenario.modules ?? []) : [],
      });
    }),
    http.get('/public/app/clients', () => HttpResponse.json({ success: true, result: clubs })),
    http.get('/public/events', () => HttpResponse.json({ success: true, result: [] })),
    // The home's widgets: none, unless a test serves its own (the dashboard's tests do).
    http.get('/api/dashboard/widgets', () =>
      HttpResponse.json({
        success: true,
        result: {
          shown: [],
          chosen: [],
          chosenBy: 'default',
          club: [],
          available: [],
          events: { promoted: false, limit: 5 },
        },
      }),
    ),
  ];
}

/** A list endpoint (POST {ep}) that answers an empty page. */
export function emptyList(path: string) {
  return http.post(path, () =>
    HttpResponse.json({ success: true, Result: [], TotalPages: 0, Total: 0 }),
  );
}
