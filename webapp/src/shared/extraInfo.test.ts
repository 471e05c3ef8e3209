import { describe, expect, it } from 'vitest';
import {
  extraInfoDefinitions,
  extraInfoFormValues,
  extraInfoPayload,
  extraInfoSchema,
} from './extraInfo';

const settings = {
  companies: {
    extraInfo: [
      { title: 'Branche', alias: 'branche', type: 'Radio', values: ['Byg', 'Mad'], required: true },
      {
        title: 'Interesser',
        alias: 'interesser',
        type: 'Checkbox',
        values: ['Golf', 'Fodbold'],
        required: true,
      },
      {
        title: 'Niveau',
        alias: 'niveau',
        type: 'Select',
        values: ['Guld', 'Sølv'],
        multiple: true,
      },
      { title: 'Note', alias: 'note', type: 'Text' },
      { title: 'Uden alias' },
    ],
  },
};

async function errorsOf(schema: ReturnType<typeof extraInfoSchema>, values: unknown) {
  try {
    await schema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('extra info', () => {
  it("reads the club's definitions of an area", () => {
    const definitions = extraInfoDefinitions(settings, 'companies');
    expect(definitions.map((definition) => definition.alias)).toEqual([
      'branche',
      'interesser',
      'niveau',
      'note',
    ]);
    expect(definitions[2]).toMatchObject({ type: 'Select', multiple: true, required: false });
    expect(extraInfoDefinitions(settings, 'contacts')).toEqual([]);
    expect(extraInfoDefinitions(null, 'companies')).toEqual([]);
  });

  it('requires the required fields with the server text', async () => {
    const definitions = extraInfoDefinitions(settings, 'companies');
    const schema = extraInfoSchema(definitions);
    expect(await errorsOf(schema, { branche: '', interesser: [], niveau: [], note: '' })).toEqual([
      'Branche skal udfyldes',
      'Interesser skal udfyldes',
    ]);
    expect(
      await errorsOf(schema, { branche: 'Byg', interesser: ['Golf'], niveau: [], note: '' }),
    ).toEqual([]);
  });

  it('keeps the stored shape { title, alias, value, values }', () => {
    const definitions = extraInfoDefinitions(settings, 'companies');
    const stored = {
      branche: { title: 'Branche', alias: 'branche', value: 'Mad', values: ['Byg', 'Mad'] },
      gammel: { title: 'Gammel', alias: 'gammel', value: 'x', values: [] },
    };
    const values = extraInfoFormValues(definitions, stored);
    expect(values).toEqual({ branche: 'Mad', interesser: [], niveau: [], note: '' });
    const payload = extraInfoPayload(definitions, { ...values, niveau: ['Guld'] }, stored);
    expect(payload.niveau).toEqual({
      title: 'Niveau',
      alias: 'niveau',
      value: ['Guld'],
      values: ['Guld', 'Sølv'],
    });
    // A field the settings no longer define is kept as it was.
    expect(payload.gammel).toEqual(stored.gammel);
  });
});
