import { describe, expect, it } from 'vitest';
import { PUBLIC_AREAS } from './i18n';

/** The source of everything the public site shows: its areas, the shared pieces, the layout. */
const publicSources = import.meta.glob<string>(
  [
    '../features/{public,publicEvents,shop,esign,session,customerProfile,payment,subscriptionPublic,newsletterPublic}/**/*.{ts,tsx}',
    '../shared/**/*.{ts,tsx}',
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
});
