import { useMemo } from 'react';
import { useAppSession } from '../../api/appApi';

/**
 * What the events editor reads from the club's settings (Indstillinger → Arrangementer, spec 2 §3
 * "Client settings read by this area"): the sponsor types and the names of the e-mail, SMS and
 * ticket templates.
 */
export interface EventSettings {
  sponsorTypes: string[];
  emailTemplates: string[];
  smsTemplates: string[];
  ticketTemplates: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The names of a list of {name, template}; 'Default' is always offered, so it is left out here. */
function templateNames(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((template: unknown) => (isRecord(template) ? template.name : undefined))
    .filter(
      (name): name is string => typeof name === 'string' && name !== '' && name !== 'Default',
    );
}

export function eventSettingsOf(
  settings: Record<string, unknown> | null | undefined,
): EventSettings {
  const events = isRecord(settings?.events) ? settings.events : {};
  const sponsorTypes = Array.isArray(events.sponsorTypes)
    ? events.sponsorTypes.filter((type): type is string => typeof type === 'string' && type !== '')
    : [];
  return {
    sponsorTypes,
    emailTemplates: templateNames(events.emailTemplates),
    smsTemplates: templateNames(events.smsTemplates),
    ticketTemplates: templateNames(events.ticketTemplates),
  };
}

/** The current club's event settings. */
export function useEventSettings(): EventSettings {
  const { client } = useAppSession();
  const settings = client?.settings;
  return useMemo(() => eventSettingsOf(settings), [settings]);
}
