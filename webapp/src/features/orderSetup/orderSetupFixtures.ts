// The session of the order setup's tests: staff of Demo FC with the orders module.

import type { SessionScenario } from '../../test/server';
import { modules } from '../../test/fixtures';
import { staffAtDemoFc } from '../../test/staffSession';

export const withOrders: SessionScenario = {
  ...staffAtDemoFc,
  modules: [
    ...modules,
    {
      id: 'm6',
      alias: 'orders',
      name: 'Ordrer',
      icon: 'pi pi-shopping-cart',
      url: '/orders',
      sorting: 6,
    },
  ],
};
