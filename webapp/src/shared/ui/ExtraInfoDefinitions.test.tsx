import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { renderShared } from '../../test/renderShared';
import { ExtraInfoDefinitions, type ExtraInfoDefinitionsTexts } from './ExtraInfoDefinitions';

const TYPE_NAMES = { Radio: 'Radioknapper', Checkbox: 'Afkrydsningsfelter', Select: 'Rullemenu' };

function texts(required?: string): ExtraInfoDefinitionsTexts {
  return {
    legend: (number) => `Spørgsmål ${number}`,
    remove: (number) => `Fjern spørgsmål ${number}`,
    add: 'Tilføj spørgsmål',
    title: 'Titel',
    alias: 'Alias',
    type: 'Type',
    typeOption: (type) => (type === 'Text' ? 'Tekst' : TYPE_NAMES[type]),
    values: 'Værdier',
    valuesHelp: 'Én værdi pr. linje.',
    multiple: 'Flere valg',
    required,
  };
}

/** The definitions in a form with 'Gem'; returns what a submit sends. */
function renderDefinitions(extraInfo: object[], required?: string) {
  const onSubmit = vi.fn();
  renderShared(
    <Formik initialValues={{ extraInfo }} onSubmit={onSubmit}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <ExtraInfoDefinitions texts={texts(required)} />
          <button type="submit">Gem</button>
        </form>
      )}
    </Formik>,
  );
  return async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    return (onSubmit.mock.calls[0][0] as { extraInfo: object[] }).extraInfo;
  };
}

const size = {
  title: 'Størrelse',
  alias: 'size',
  type: 'Select',
  values: 'S\nM',
  multiple: false,
  required: true,
};

describe('the extra-info definitions', () => {
  it('add a Text that is not required, where the screen asks whether one is', async () => {
    const submit = renderDefinitions([], 'Påkrævet');
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj spørgsmål' }));
    expect(screen.getByRole('group', { name: 'Spørgsmål 1' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Påkrævet' })).not.toBeChecked();
    expect(screen.getByLabelText('Type')).toHaveValue('Tekst');
    await userEvent.type(screen.getByLabelText('Titel'), 'Kost');
    await userEvent.type(screen.getByLabelText('Alias'), 'food');

    expect(await submit()).toEqual([
      { title: 'Kost', alias: 'food', type: 'Text', values: '', multiple: false, required: false },
    ]);
  });

  it("leave 'required' out where the screen does not ask it", async () => {
    const submit = renderDefinitions([]);
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj spørgsmål' }));
    expect(screen.queryByRole('checkbox', { name: 'Påkrævet' })).not.toBeInTheDocument();

    expect(await submit()).toEqual([
      { title: '', alias: '', type: 'Text', values: '', multiple: false },
    ]);
  });

  it('offer the types by the names the screen gives them and remove one by its number', async () => {
    const submit = renderDefinitions(
      [size, { ...size, title: 'Farve', alias: 'colour' }],
      'Påkrævet',
    );
    const [firstType] = screen.getAllByLabelText('Type');
    expect(firstType).toHaveValue('Rullemenu');
    firstType.focus();
    await userEvent.keyboard('{Enter}');
    for (const name of ['Radioknapper', 'Afkrydsningsfelter', 'Tekst']) {
      expect(await screen.findByRole('option', { name, hidden: true })).toBeInTheDocument();
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.getAllByRole('group')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Fjern spørgsmål 1' }));
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(await submit()).toEqual([{ ...size, title: 'Farve', alias: 'colour' }]);
  });
});
