import { describe, expect, it } from 'vitest';
import { PUBLIC_AREAS } from './i18n';

/**
 * The source of everything the public site shows: its areas, the shared pieces, the layout. The
 * event areas' shared code (shared/events: the staff editor's, the door's, the point of sale's)
 * is the back office's, and its texts with it; the last test holds the public site to that.
 */
const publicSources = import.meta.glob<string>(
  [
    '../features/{public,publicEvents,shop,esign,session,customerProfile,payment,subscriptionPublic,newsletterPublic}/**/*.{ts,tsx}',
    '../shared/**/*.{ts,tsx}',
    '!../shared/events/**',
    './layouts/PublicLayout.tsx',
    '!**/*.test.{ts,tsx}',
  ],
  { eager: true, query: '?raw', import: 'default' },
);

describe('the texts that come with the app', () => {
  it('hold every area whose keys the public site uses (the back office brings the others)', () => {
    const used = new Set<string>();
    for (const source of Object.values(publicSources)) {
      for (const match of source.matchAll(/\bt\(\s*['`"]([a-zA-Z]+)\./g)) used.add(match[1]);
      for (const match of source.matchAll(/(?:label|crumb|i18nKey)[=:]\s*['"]([a-zA-Z]+)\./g)) {
        used.add(match[1]);
      }
    }
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((area) => !PUBLIC_AREAS.has(area))).toEqual([]);
  });

  it("leave the event areas' shared code (and its texts) to the back office", () => {
    // '../../shared/events/' from a public area, '../events/' from another shared piece.
    const importsEventAreas = /from '(?:\.\.\/)+(?:shared\/)?events\//;
    const importers = Object.entries(publicSources)
      .filter(([, source]) => importsEventAreas.test(source))
      .map(([path]) => path);
    expect(importers).toEqual([]);
  });
});
