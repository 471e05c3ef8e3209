import { useMemo } from 'react';
import { useAppSession } from '../../api/appApi';
import { isRecord, templateNames } from '../../shared/clubSettings';

/**
 * The names of the club's newsletter templates (Indstillinger → Nyhedsbrev,
 * newsletter.emailTemplates: {name, template}[]; spec 2 §3 "Client settings read by this area").
 */
export function newsletterTemplateNames(
  settings: Record<string, unknown> | null | undefined,
): string[] {
  const newsletter = isRecord(settings?.newsletter) ? settings.newsletter : {};
  return templateNames(newsletter.emailTemplates);
}

/** The current club's newsletter templates, by name: the choices of 'E-mail skabelon'. */
export function useNewsletterTemplates(): string[] {
  const { client } = useAppSession();
  const settings = client?.settings;
  return useMemo(() => newsletterTemplateNames(settings), [settings]);
}
