import { describe, expect, it } from 'vitest';
import da from '../../locales/da/history.json';
import en from '../../locales/en/history.json';
import { RECORD_FIELDS, RECORD_PATHS } from './recordFields';

const texts = (tree: { fields: object; paths: object }) => ({
  fields: tree.fields as Record<string, string>,
  paths: tree.paths as Record<string, string>,
});

describe('the history’s field labels', () => {
  it('are there in Danish and English for every field shown, and for no field hidden', () => {
    const shown = Object.entries(RECORD_FIELDS)
      .filter(([, isShown]) => isShown)
      .map(([field]) => field)
      .sort();
    for (const locale of [texts(da), texts(en)]) {
      expect(Object.keys(locale.fields).sort()).toEqual(shown);
      expect(Object.values(locale.fields).every((label) => label.trim() !== '')).toBe(true);
    }
  });

  it('name a label for every path with its own', () => {
    for (const key of Object.values(RECORD_PATHS)) {
      const name = key.replace('history.paths.', '');
      expect(texts(da).paths[name], key).toBeTruthy();
      expect(texts(en).paths[name], key).toBeTruthy();
    }
  });
});
