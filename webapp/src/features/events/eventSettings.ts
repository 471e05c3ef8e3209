import { useMemo } from 'react';
import { useAppSession } from '../../api/appApi';
import { isRecord, templateNames } from '../../shared/clubSettings';

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

/** Template names to choose among; 'Default' is always offered, so it is left out here. */
function choosable(list: unknown): string[] {
  return templateNames(list).filter((name) => name !== 'Default');
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
    emailTemplates: choosable(events.emailTemplates),
    smsTemplates: choosable(events.smsTemplates),
    ticketTemplates: choosable(events.ticketTemplates),
  };
}

/** The current club's event settings. */
export function useEventSettings(): EventSettings {
  const { client } = useAppSession();
  const settings = client?.settings;
  return useMemo(() => eventSettingsOf(settings), [settings]);
}
