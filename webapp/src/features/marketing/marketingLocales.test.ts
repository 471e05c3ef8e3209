import { describe, expect, it } from 'vitest';
import da from '../../locales/da/marketing.json';
import en from '../../locales/en/marketing.json';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('the marketing texts', () => {
  it('are there in English for every Danish one', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(da).sort());
  });
});
