import i18next from 'i18next';

/** The areas' Danish that came before i18next started (the entry's own modules). */
const early: Record<string, unknown> = {};

/**
 * Registers an area's Danish texts: each module that shows an area's texts imports them through
 * the build (vite.config.ts, `textsWithCode`), so they arrive with that module's code and are
 * there before it draws anything.
 */
export function addDanishTexts(area: string, texts: unknown) {
  if (i18next.store) {
    i18next.addResourceBundle('da', 'translation', { [area]: texts }, true, true);
  } else {
    early[area] = texts;
  }
}

/** The Danish registered before i18next started: its first resources. */
export function earlyDanishTexts(): Record<string, unknown> {
  return early;
}
