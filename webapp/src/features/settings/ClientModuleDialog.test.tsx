import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderShared } from '../../test/renderShared';
import { ClientModuleDialog } from './ClientModuleDialog';
import type { ClientModuleRow, ModuleDefinition } from './types';

const definition: ModuleDefinition = {
  id: 'm1',
  name: 'Virksomheder',
  alias: 'companies',
  url: '/companies',
  icon: 'pi pi-building',
  sorting: 1,
  features: [],
  views: [{ route: '/companies', values: ['Normal', 'Kompakt'] }],
  components: [{ name: 'cvrLookup', values: ['Vis', 'Skjul'] }],
  aclRules: [],
};

const module: ClientModuleRow = {
  moduleId: 'm1',
  alias: 'companies',
  moduleName: 'Virksomheder',
  icon: 'pi pi-building',
  name: null,
  active: true,
  sorting: 1,
  customEndpoint: null,
  customViews: {},
  customComponents: { cvrLookup: 'Skjul' },
  roleAcls: [],
  features: {},
};

describe('the module dialog', () => {
  it("names each variant's select by its route or component, reads 'Standard' when none is chosen, and applies a choice", async () => {
    const onApply = vi.fn();
    renderShared(
      <ClientModuleDialog
        module={module}
        definition={definition}
        roles={[]}
        onApply={onApply}
        onCancel={() => undefined}
      />,
    );
    // Named by what it chooses for (a placeholder must not take the name), showing the standard.
    const select = (label: string) => screen.getAllByLabelText(label)[0]?.closest('.p-dropdown');
    expect(select('/companies')).toHaveTextContent('Standard');
    expect(select('cvrLookup')).toHaveTextContent('Skjul');

    await userEvent.click(select('/companies') as HTMLElement);
    // jsdom cannot place PrimeReact's overlay, so its options stay hidden here.
    await userEvent.click(await screen.findByRole('option', { name: 'Kompakt', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({
        customViews: { '/companies': 'Kompakt' },
        customComponents: { cvrLookup: 'Skjul' },
      }),
    );
  });
});
