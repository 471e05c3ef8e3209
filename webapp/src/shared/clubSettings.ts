/** Reading the club's settings (`client.settings`, free-form JSON) as the editors need them. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The names of a list of {name, template} (e-mail, SMS and ticket templates), blanks left out. */
export function templateNames(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((template: unknown) => (isRecord(template) ? template.name : undefined))
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '');
}
