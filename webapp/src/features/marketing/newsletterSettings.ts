import { useMemo } from 'react';
import { useAppSession } from '../../api/appApi';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The names of the club's newsletter templates (Indstillinger → Nyhedsbrev,
 * newsletter.emailTemplates: {name, template}[]; spec 2 §3 "Client settings read by this area").
 */
export function newsletterTemplateNames(
  settings: Record<string, unknown> | null | undefined,
): string[] {
  const newsletter = isRecord(settings?.newsletter) ? settings.newsletter : {};
  const templates = Array.isArray(newsletter.emailTemplates) ? newsletter.emailTemplates : [];
  return templates
    .map((template: unknown) => (isRecord(template) ? template.name : undefined))
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '');
}

/** The current club's newsletter templates, by name: the choices of 'E-mail skabelon'. */
export function useNewsletterTemplates(): string[] {
  const { client } = useAppSession();
  const settings = client?.settings;
  return useMemo(() => newsletterTemplateNames(settings), [settings]);
}
